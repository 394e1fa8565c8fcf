import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'

export interface ChildOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>
  /** Start it loading now, to go on when sent a StartMessage (core/bootstrap.ts). */
  whenTold?: boolean
  /** Print its output with `[name]` before each line (several processes share a terminal). */
  prefix?: boolean
}

/**
 * The processes of the product that a launcher runs (`npm start`, `npm run demo:cluster`): each
 * a `node --import tsx <entry>` child. Stopping sends SIGTERM to all of them, so each stops
 * gracefully (server: readiness 503, drain, requests in flight; worker: running jobs), and
 * SIGKILL to any still running after `graceMs`. A child that exits while nothing is being
 * stopped is reported to `onExit`.
 */
export class Supervisor {
  readonly children = new Map<string, ChildProcess>()
  stopping = false

  constructor(
    private readonly graceMs: number,
    private readonly onExit: (name: string, reason: string) => void,
  ) {}

  start(name: string, entry: string, { env = {}, whenTold = false, prefix = false }: ChildOptions = {}): ChildProcess {
    const output = prefix ? 'pipe' : 'inherit'
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      stdio: ['inherit', output, output, ...(whenTold ? (['ipc'] as const) : [])],
      env: { ...process.env, ...env, ...(whenTold ? { START_WHEN_TOLD: '1' } : {}) },
    })
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`))
    }
    child.on('exit', (code, signal) => {
      if (this.children.get(name) === child && !this.stopping) this.onExit(name, String(signal ?? code))
    })
    this.children.set(name, child)
    return child
  }

  /** Stops one child gracefully (SIGKILL after the grace time); resolves when it has exited. */
  stopOne(name: string): Promise<void> {
    const child = this.children.get(name)
    return new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), this.graceMs)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })
  }

  /** Stops every child at once and waits for all of them. */
  async stopAll(): Promise<void> {
    this.stopping = true
    await Promise.all([...this.children.keys()].map((name) => this.stopOne(name)))
  }
}
