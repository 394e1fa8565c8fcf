import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ReadyProxy } from '../../scripts/cluster/ready-proxy.js'

/** A stand-in server: /readyz answers `ready` (200) or 503, anything else its name. */
async function fakeServer(name: string) {
  const state = { ready: true }
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return res.writeHead(state.ready ? 200 : 503).end()
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => res.writeHead(200, { 'x-server': name }).end(`${name}:${req.method}:${req.url}:${body}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { name, state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setUp(pollMs = 20) {
  const a = await fakeServer('a')
  const b = await fakeServer('b')
  const proxy = new ReadyProxy([a, b], { pollMs, waitForReadyMs: 2000 })
  const url = await proxy.listen(0)
  cleanups.push(
    () => new Promise<void>((resolve) => a.server.close(() => resolve())),
    () => new Promise<void>((resolve) => b.server.close(() => resolve())),
    () => proxy.close(),
  )
  const served = async (count: number) => {
    const names: string[] = []
    for (let i = 0; i < count; i++) names.push((await fetch(`${url}/x`)).headers.get('x-server')!)
    return names
  }
  return { a, b, proxy, url, served }
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('the readiness-aware proxy', () => {
  it('sends requests to the ready servers in turn, with method, path and body', async () => {
    const { url, served } = await setUp()
    expect(await served(4)).toEqual(['a', 'b', 'a', 'b'])
    const posted = await fetch(`${url}/trpc/x?y=1`, { method: 'POST', body: '{"z":2}' })
    expect(await posted.text()).toMatch(/^[ab]:POST:\/trpc\/x\?y=1:\{"z":2\}$/)
  })

  it('skips a server whose readiness answers 503 and takes it back once it answers 200', async () => {
    const { a, proxy, served } = await setUp()
    a.state.ready = false
    await until(() => !proxy.upstreams[0]!.ready)
    expect(await served(4)).toEqual(['b', 'b', 'b', 'b'])
    a.state.ready = true
    await until(() => proxy.upstreams[0]!.ready)
    expect(new Set(await served(4))).toEqual(new Set(['a', 'b']))
    expect(proxy.changes.map((c) => `${c.upstream}:${c.ready}`)).toEqual(['a:true', 'b:true', 'a:false', 'a:true'])
  })

  it('sends a request whose connection was refused to the other server, and marks the gone one unready', async () => {
    // Readiness is asked rarely here: the proxy still takes a for ready when it is gone.
    const { a, proxy, served } = await setUp(60_000)
    a.server.closeAllConnections()
    await new Promise<void>((resolve) => a.server.close(() => resolve()))
    expect(await served(3)).toEqual(['b', 'b', 'b'])
    expect(proxy.retried).toBe(1)
    expect(proxy.upstreams[0]!.ready).toBe(false)
  })

  it('answers 502 when no server becomes ready in time', async () => {
    const { a, b, proxy, url } = await setUp()
    a.state.ready = false
    b.state.ready = false
    await until(() => proxy.upstreams.every((upstream) => !upstream.ready))
    const answer = await fetch(`${url}/x`)
    expect(answer.status).toBe(502)
    expect(proxy.failed).toBe(1)
  })
})
