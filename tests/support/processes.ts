import { spawn, type ChildProcess } from 'node:child_process'
import { until } from './wait.js'

/** A server or worker process as it runs in production (its own process group), its log collected. */
export interface Service {
  child: ChildProcess
  /** Every JSON line it wrote to stdout, parsed (other lines are kept as { text }). */
  lines: Array<Record<string, unknown>>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Waits for a log line that matches. */
  line(what: string, match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  /** SIGKILL to the whole group, if it still runs (clean-up). */
  kill(): void
}

export function startService(entry: 'server/main.ts' | 'worker/main.ts', env: Record<string, string>): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, APP_SECRET: 'test-secret-test-secret-test-secret-0123', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Array<Record<string, unknown>> = []
  let rest = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString()
    const parts = text.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) {
      if (!part.trim()) continue
      try {
        lines.push(JSON.parse(part))
      } catch {
        lines.push({ text: part })
      }
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => lines.push({ stderr: chunk.toString() }))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return {
    child,
    lines,
    exited,
    line: (what, match, timeoutMs = 60_000) => until(what, async () => lines.find(match), timeoutMs, 50),
    kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    },
  }
}

export { freePort } from '../../scripts/free-port.js'
