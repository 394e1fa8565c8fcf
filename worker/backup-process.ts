import { spawn } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Config } from '../core/config.js'

/** What cli/backup.ts exits with. */
export const BACKUP_EXIT = { done: 0, failed: 1, notLocal: 3, busy: 4 } as const

/** Backups are background work: the server's requests come first (nice 10). */
const BACKGROUND_PRIORITY = 10

/** Compiled (in a file one folder below build/, scripts/compile.ts): build/cli/backup.js with plain node; from the sources: through tsx. */
const COMPILED = import.meta.url.endsWith('.js')
const SCRIPT = fileURLToPath(new URL(COMPILED ? '../cli/backup.js' : '../cli/backup.ts', import.meta.url))
const LOADER = COMPILED ? [] : ['--import', 'tsx']

/**
 * Runs cli/backup.ts (what `npm run backup` runs) as a process of its own at a lower CPU
 * priority, so its copying and compressing never take CPU from the servers on the same
 * machine. Its settings come from `config`; `signal` stops it (the database ends the
 * backup with the session; the partial archive is removed by the next backup).
 */
export async function runBackupProcess(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mediaDir' | 'appSecret' | 'backup'>,
  { signal, onLine }: { signal?: AbortSignal; onLine?: (line: string) => void } = {},
): Promise<{ code: number | null; lines: string[] }> {
  if (!config.databaseUrl) throw new Error('backup: DATABASE_URL is not set')
  const child = spawn(process.execPath, [...LOADER, SCRIPT], {
    env: {
      ...process.env,
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: config.dataDir,
      MEDIA_DIR: config.mediaDir,
      APP_SECRET: config.appSecret,
      BACKUP_DIR: config.backup.dir,
      BACKUP_KEEP: String(config.backup.keep),
      BACKUP_MEDIA: String(config.backup.media),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    os.setPriority(child.pid!, BACKGROUND_PRIORITY)
  } catch {
    // Not allowed here (or already gone): it runs at the normal priority.
  }
  const lines: string[] = []
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = ''
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts.filter((part) => part.trim())) {
        lines.push(line)
        onLine?.(line)
      }
    })
  }
  const stop = () => child.kill('SIGTERM')
  signal?.addEventListener('abort', stop, { once: true })
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (exitCode) => resolve(exitCode))
    })
    return { code, lines }
  } finally {
    signal?.removeEventListener('abort', stop)
  }
}
