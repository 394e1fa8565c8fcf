import { afterEach, describe, expect, it, vi } from 'vitest'
import { CatalogCache } from '../../core/services/catalog/cache.js'

const enabled = (options?: ConstructorParameters<typeof CatalogCache>[0]) => {
  const cache = new CatalogCache(options)
  cache.setEnabled(true)
  return cache
}

describe('CatalogCache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads once and then answers from memory', async () => {
    const cache = enabled()
    let loads = 0
    const load = async () => ++loads
    expect(await cache.getOrLoad('a', load)).toBe(1)
    expect(await cache.getOrLoad('a', load)).toBe(1)
    expect(loads).toBe(1)
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 })
  })

  it('shares one load between callers that ask at the same time', async () => {
    const cache = enabled()
    let loads = 0
    let finish: () => void = () => undefined
    const load = () => new Promise<number>((resolve) => (finish = () => resolve(++loads)))
    const both = Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])
    finish()
    expect(await both).toEqual([1, 1])
    expect(loads).toBe(1)
  })

  it('drops everything on clear, and does not keep an answer loaded across a change', async () => {
    const cache = enabled()
    let loads = 0
    await cache.getOrLoad('a', async () => ++loads)
    cache.clear()
    expect(await cache.getOrLoad('a', async () => ++loads)).toBe(2)
    let release: () => void = () => undefined
    const slow = cache.getOrLoad('b', () => new Promise<string>((resolve) => (release = () => resolve('old'))))
    cache.clear()
    release()
    expect(await slow).toBe('old')
    expect(await cache.getOrLoad('b', async () => 'new')).toBe('new')
  })

  it('keeps nothing with a TTL of 0, whatever the stale window (PAGE_CACHE_TTL_MS=0 renders every page)', async () => {
    const cache = enabled({ ttlMs: 0, staleMs: 300_000 })
    let loads = 0
    expect(await cache.getOrLoad('a', async () => ++loads)).toBe(1)
    expect(await cache.getOrLoad('a', async () => ++loads)).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('expires answers after the TTL and evicts the least recently used beyond the limit', async () => {
    vi.useFakeTimers()
    const cache = enabled({ ttlMs: 20, maxEntries: 2 })
    await cache.getOrLoad('a', async () => 'a1')
    await cache.getOrLoad('b', async () => 'b1')
    await cache.getOrLoad('a', async () => 'a2')
    await cache.getOrLoad('c', async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.getOrLoad('b', async () => 'b2')).toBe('b2')
    vi.advanceTimersByTime(19)
    expect(await cache.getOrLoad('b', async () => 'b3')).toBe('b2')
    vi.advanceTimersByTime(2)
    expect(await cache.getOrLoad('b', async () => 'b3')).toBe('b3')
  })

  it('past the TTL serves the old answer while one load replaces it, and waits for a load past the stale window', async () => {
    vi.useFakeTimers()
    const cache = enabled({ ttlMs: 20, staleMs: 100 })
    let loads = 0
    let finish: () => void = () => undefined
    const slowLoad = () => new Promise<number>((resolve) => (finish = () => resolve(++loads)))
    const first = cache.getOrLoad('a', slowLoad)
    finish()
    expect(await first).toBe(1)

    vi.advanceTimersByTime(21)
    // Expired: the old answer at once, for every caller, while one load runs.
    expect(await cache.getOrLoad('a', slowLoad)).toBe(1)
    expect(await cache.getOrLoad('a', slowLoad)).toBe(1)
    expect(cache.stats).toMatchObject({ misses: 1, stale: 2 })
    finish()
    await vi.waitFor(() => expect(loads).toBe(2))
    expect(await cache.getOrLoad('a', slowLoad)).toBe(2)
    expect(cache.stats.hits).toBe(1)

    // A failed background load keeps the old answer; the next caller tries again.
    vi.advanceTimersByTime(21)
    expect(await cache.getOrLoad('a', () => Promise.reject(new Error('database away')))).toBe(2)
    await Promise.resolve()
    expect(await cache.getOrLoad('a', async () => 3)).toBe(2)
    await vi.waitFor(async () => expect(await cache.getOrLoad('a', async () => 4)).toBe(3))

    // Past TTL + stale window: the caller waits for the load.
    vi.advanceTimersByTime(121)
    expect(await cache.getOrLoad('a', async () => 5)).toBe(5)
  })

  it('serves nothing stale across a catalog change', async () => {
    vi.useFakeTimers()
    const cache = enabled({ ttlMs: 20, staleMs: 1000 })
    await cache.getOrLoad('a', async () => 'before')
    vi.advanceTimersByTime(21)
    cache.clear()
    expect(await cache.getOrLoad('a', async () => 'after')).toBe('after')
  })

  it('caches nothing while disabled (no change listener) and does not keep failures', async () => {
    const cache = new CatalogCache()
    let loads = 0
    await cache.getOrLoad('a', async () => ++loads)
    await cache.getOrLoad('a', async () => ++loads)
    expect(loads).toBe(2)
    cache.setEnabled(true)
    await expect(cache.getOrLoad('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await cache.getOrLoad('x', async () => 'ok')).toBe('ok')
  })
})
