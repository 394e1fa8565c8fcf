/**
 * HAProxy as the load balancer of `npm run demo:cluster` and the cluster test, run with the
 * configuration compose.yaml uses (deploy/haproxy.cfg; only its environment variables differ):
 * health checks on each server's /readyz, a server that answers 503 (shutting down, database
 * away) or nothing gets no new request. Its admin socket gives the servers' state and
 * counters (`show stat`).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import readline from 'node:readline'

const CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg')

/** What to do when HAProxy is missing, in one message. */
export const HAPROXY_MISSING = [
  'HAProxy is not installed: the cluster puts it in front of its servers as the load balancer.',
  '  Debian or Ubuntu: sudo apt-get install haproxy',
  '  Fedora: sudo dnf install haproxy; macOS: brew install haproxy (any HAProxy 2.6 or later)',
].join('\n')

/** haproxy on PATH, or in the sbin folders a user's PATH often lacks (Debian installs it in /usr/sbin). */
export function haproxyBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin']
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, 'haproxy')
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return null
}

/** One line of `show stat` for a server or the backend: its state and counters since start. */
export interface ServerStat {
  name: string
  /** UP, DOWN, "UP 1/2" (going down), "DOWN 1/2" (going up), MAINT, NOLB … (UP before the first check). */
  status: string
  /** The last health check's outcome: L7OK (200 from /readyz), L7STS (another status), L4CON (refused) … */
  checkStatus: string
  /** Answers by class, as HAProxy passed them on. */
  hrsp2xx: number
  hrsp5xx: number
  /** Connection errors, response errors, retries and redispatches. */
  econ: number
  eresp: number
  wretr: number
  wredis: number
}

/** Checked and found ready: UP after a /readyz that answered 200 (a server is UP before its first check). */
export const isReady = (server: ServerStat) => server.status === 'UP' && server.checkStatus === 'L7OK'

export interface Haproxy {
  /** http://127.0.0.1:port: the site through the load balancer. */
  url: string
  /** The statistics page, when a port was given for it. */
  statsUrl: string | null
  child: ChildProcess
  /** The two servers (server-a, server-b) and the backend line (BACKEND). */
  stats(): Promise<ServerStat[]>
  stop(): Promise<void>
}

export interface HaproxyOptions {
  port: number
  /** host:port of server-a and server-b. */
  servers: [string, string]
  /** Where the admin socket goes. */
  dir: string
  statsPort?: number
  /** Every line HAProxy logs: servers going up or down, failed or retried requests (dontlog-normal). */
  onLog?: (line: string) => void
}

function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket)
    let answer = ''
    connection.setEncoding('utf8')
    connection.on('connect', () => connection.write(`${command}\n`))
    connection.on('data', (chunk: string) => (answer += chunk))
    connection.on('end', () => resolve(answer))
    connection.on('error', reject)
  })
}

function parseStats(csv: string): ServerStat[] {
  const [header = '', ...rows] = csv.trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const number = (row: Record<string, string>, key: string) => Number(row[key] || 0)
  return rows
    .map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index], value])) as Record<string, string>)
    .filter((row) => row.pxname === 'servers')
    .map((row) => ({
      name: row.svname!,
      status: row.status!,
      checkStatus: row.check_status ?? '',
      hrsp2xx: number(row, 'hrsp_2xx'),
      hrsp5xx: number(row, 'hrsp_5xx'),
      econ: number(row, 'econ'),
      eresp: number(row, 'eresp'),
      wretr: number(row, 'wretr'),
      wredis: number(row, 'wredis'),
    }))
}

/** Starts HAProxy in the foreground; resolves once its admin socket answers. */
export async function startHaproxy(options: HaproxyOptions): Promise<Haproxy> {
  const binary = haproxyBinary()
  if (!binary) throw new Error(HAPROXY_MISSING)
  fs.mkdirSync(options.dir, { recursive: true })
  const socket = path.join(options.dir, 'haproxy-admin.sock')
  fs.rmSync(socket, { force: true })
  const child = spawn(binary, ['-db', '-f', CONFIG], {
    env: {
      PATH: process.env.PATH ?? '',
      HAPROXY_BIND: `127.0.0.1:${options.port}`,
      SERVER_A: options.servers[0],
      SERVER_B: options.servers[1],
      HAPROXY_ADMIN_SOCKET: socket,
      ...(options.statsPort ? { HAPROXY_STATS_BIND: `127.0.0.1:${options.statsPort}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Its log goes to stdout; stderr repeats the same events as warnings, kept for a failed start.
  const output: string[] = []
  readline.createInterface({ input: child.stdout! }).on('line', (line) => options.onLog?.(line))
  readline.createInterface({ input: child.stderr! }).on('line', (line) => output.push(line))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stats = async () => parseStats(await adminCommand(socket, 'show stat'))
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`haproxy did not start:\n${output.join('\n')}`)
    if (
      fs.existsSync(socket) &&
      (await stats().then(
        () => true,
        () => false,
      ))
    )
      break
    if (waited > 10_000) {
      child.kill('SIGKILL')
      throw new Error(`haproxy did not answer on ${socket}:\n${output.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    statsUrl: options.statsPort ? `http://127.0.0.1:${options.statsPort}/` : null,
    child,
    stats,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
