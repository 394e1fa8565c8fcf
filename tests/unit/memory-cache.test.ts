import { describe, expect, it } from 'vitest'
import { setNewest, SingleFlight } from '../../core/memory-cache.js'

/** A promise and its resolve, to finish a load when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('SingleFlight', () => {
  it('shares one load per key and keeps its result', async () => {
    const loads = new SingleFlight<number>()
    const kept: number[] = []
    const first = deferred<number>()
    const promise = loads.run(
      'a',
      () => first.promise,
      (value) => kept.push(value),
    )
    expect(loads.get('a')).toBe(promise)
    expect(loads.get('b')).toBeUndefined()
    first.resolve(1)
    await expect(promise).resolves.toBe(1)
    expect(kept).toEqual([1])
    expect(loads.get('a')).toBeUndefined()
  })

  it('keeps nothing of a load under way when invalidated, and the old load does not end the new one', async () => {
    const loads = new SingleFlight<number>()
    const kept: number[] = []
    const old = deferred<number>()
    const oldPromise = loads.run(
      'a',
      () => old.promise,
      (value) => kept.push(value),
    )
    loads.invalidate()
    expect(loads.get('a')).toBeUndefined()
    const fresh = deferred<number>()
    const freshPromise = loads.run(
      'a',
      () => fresh.promise,
      (value) => kept.push(value),
    )
    old.resolve(1)
    await expect(oldPromise).resolves.toBe(1)
    expect(loads.get('a')).toBe(freshPromise)
    fresh.resolve(2)
    await freshPromise
    expect(kept).toEqual([2])
  })

  it('forgets a failed load so that the next caller tries again', async () => {
    const loads = new SingleFlight<number>()
    await expect(
      loads.run(
        'a',
        () => Promise.reject(new Error('down')),
        () => undefined,
      ),
    ).rejects.toThrow('down')
    expect(loads.get('a')).toBeUndefined()
  })
})

describe('setNewest', () => {
  it('moves a key to the newest place and drops the oldest beyond the limit', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ])
    setNewest(map, 'a', 3, 2)
    expect([...map]).toEqual([
      ['b', 2],
      ['a', 3],
    ])
    setNewest(map, 'c', 4, 2)
    expect([...map.keys()]).toEqual(['a', 'c'])
  })
})
