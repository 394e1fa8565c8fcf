import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTINGS } from '../../core/config.js'

/** The deployment files agree with the code and with each other. */
const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const seconds = (value: string) => (value.endsWith('ms') ? Number(value.slice(0, -2)) / 1000 : Number(value.replace(/s$/, '')))

describe('Dockerfile, compose.yaml and deploy/haproxy.cfg', () => {
  it('build the Node version package.json pins', () => {
    const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies.node
    expect(/^ARG NODE_VERSION=(\S+)$/m.exec(read('Dockerfile'))?.[1]).toBe(pinned)
  })
  it('give the app only settings core/config.ts reads', () => {
    const compose = read('compose.yaml')
    const appPart = compose.slice(compose.indexOf('x-app:'), compose.indexOf('\nservices:'))
    const keys = [...appPart.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!)
    expect(keys.length).toBeGreaterThan(10)
    expect(keys.filter((key) => !SETTINGS.includes(key))).toEqual([])
  })
  it('keep a server ready-but-closing longer than HAProxy takes to mark it down', () => {
    const haproxy = read('deploy/haproxy.cfg')
    const inter = seconds(/^ +default-server check inter (\S+)/m.exec(haproxy)![1]!)
    const fall = Number(/ fall (\d+)/.exec(haproxy)![1])
    const checkTimeout = seconds(/^ +timeout check (\S+)$/m.exec(haproxy)![1]!)
    const compose = read('compose.yaml')
    const delay = Number(/SHUTDOWN_DELAY_SECONDS: "(\d+)"/.exec(compose)![1])
    const timeout = Number(/SHUTDOWN_TIMEOUT_SECONDS: "(\d+)"/.exec(compose)![1])
    const grace = Number(/x-server:[\s\S]*?stop_grace_period: (\d+)s/.exec(compose)![1])
    expect(delay).toBeGreaterThan(fall * inter + checkTimeout + 1)
    // Docker's SIGKILL comes only after the server had its delay and its drain.
    expect(grace).toBeGreaterThan(delay + timeout)
  })
})
