import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'

/**
 * wrk (Debian's `wrk`, written in C) as the load generator for large answers. autocannon parses
 * every body in JavaScript: on a 136 KB script it spends a whole core at ~620 req/s while the
 * server idles at 12 % of one (measured 2026-11-29), so autocannon measures itself there.
 */

export interface WrkResult {
  rps: number
  p50: number
  p99: number
  errors: number
}

const onPath = () => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined

/** wrk on PATH, installed with apt when missing and this is root on Debian; false when it cannot be. */
export function ensureWrk(): boolean {
  if (onPath()) return true
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return false
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], { env, stdio: 'ignore' }).status === 0
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' })
    install()
  }
  return onPath()
}

/** wrk's durations ("850.00us", "7.31ms", "1.02s") in milliseconds. */
export function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) throw new Error(`not a wrk duration: ${text}`)
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm']
  return Number(match[1]) * factor
}

/** The numbers of wrk's report (run with --latency). */
export function parseWrk(report: string): WrkResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report)
    if (!match) throw new Error(`wrk's report has no ${pattern.source}:\n${report}`)
    return match
  }
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report)
  return {
    rps: Number(number(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: durationMs(number(/^\s+50%\s+(\S+)$/m)[1]!),
    p99: durationMs(number(/^\s+99%\s+(\S+)$/m)[1]!),
    errors: (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0),
  }
}

/** One thread (the server has the other core), `connections` kept alive for `seconds`. */
export async function wrk(url: string, seconds: number, connections: number, headers: Record<string, string>): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const { stdout } = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url])
  return parseWrk(stdout)
}
