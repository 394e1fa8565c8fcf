/**
 * The client build (Vite: the browser's files in dist/client, the server renderer in
 * dist/server) and its fingerprint. A build records the project files it read
 * (dist/.build/<client|server>-inputs.json, written by vite.config.ts); the fingerprint is a
 * hash of those files, of every file under src/ and i18n/ (so a new route counts too) and of
 * the configuration and lock files. `npm start` builds only when the fingerprint differs from
 * the one stored after the last build.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeThemeCss } from './theme-css.js'

const ROOT = path.resolve(import.meta.dirname, '..')
const BUILD_DIR = path.join(ROOT, 'dist/.build')
const STAMP = path.join(BUILD_DIR, 'fingerprint')
const WATCHED_DIRS = ['src', 'i18n']
const WATCHED_FILES = ['vite.config.ts', 'tsconfig.json', 'package-lock.json']
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js']
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js')

function listFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir)
  if (!fs.existsSync(absolute)) return []
  return (fs.readdirSync(absolute, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

function recordedInputs(): string[] | null {
  const lists: string[] = []
  for (const name of ['client', 'server']) {
    const file = path.join(BUILD_DIR, `${name}-inputs.json`)
    if (!fs.existsSync(file)) return null
    lists.push(...(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]))
  }
  return lists
}

/**
 * The hash of everything the build depends on, or null when there is no complete build to
 * compare with (no outputs, or no record of its inputs). A file that is gone changes the hash.
 */
export function buildFingerprint(): string | null {
  if (OUTPUTS.some((file) => !fs.existsSync(path.join(ROOT, file)))) return null
  const inputs = recordedInputs()
  if (!inputs) return null
  const files = [...new Set([...inputs, ...WATCHED_DIRS.flatMap(listFiles), ...WATCHED_FILES])].sort()
  const hash = crypto.createHash('sha256')
  for (const file of files) {
    hash.update(`${file}\0`)
    const absolute = path.join(ROOT, file)
    hash.update(fs.existsSync(absolute) ? fs.readFileSync(absolute) : '\0missing\0')
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** True when dist holds a build made from exactly the current sources. */
export function buildIsCurrent(): boolean {
  const fingerprint = buildFingerprint()
  return fingerprint !== null && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === fingerprint
}

function vite(args: string[], quiet: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, 'build', '--config', 'vite.config.ts', ...args, ...(quiet ? ['--logLevel', 'warn'] : [])], {
      cwd: ROOT,
      stdio: 'inherit',
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} failed (${signal ?? code})`))))
  })
}

/** Both Vite builds, then the fingerprint of what they read. */
export async function build({ quiet = false } = {}): Promise<void> {
  fs.rmSync(STAMP, { force: true })
  writeThemeCss()
  await vite([], quiet)
  await vite(['--ssr'], quiet)
  const fingerprint = buildFingerprint()
  if (!fingerprint) throw new Error('the build left no complete output in dist/')
  fs.writeFileSync(STAMP, `${fingerprint}\n`)
}
