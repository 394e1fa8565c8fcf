/**
 * The two pieces of the in-memory read caches (the catalog's, the media gateway's sessions):
 * one load per key at a time, and a map that keeps only its newest entries.
 */

/**
 * Runs one load per key at a time: callers of a key meanwhile share its load. A load's result
 * is handed to `keep` unless `invalidate()` was called while it ran (what it read may be stale).
 */
export class SingleFlight<V> {
  readonly #pending = new Map<string, Promise<V>>()
  #generation = 0

  /** The load of `key` under way, if any. */
  get(key: string): Promise<V> | undefined {
    return this.#pending.get(key)
  }

  run(key: string, load: () => Promise<V>, keep: (value: V) => void): Promise<V> {
    const generation = this.#generation
    const settle = () => {
      if (this.#pending.get(key) === promise) this.#pending.delete(key)
    }
    const promise = load().then(
      (value) => {
        settle()
        if (generation === this.#generation) keep(value)
        return value
      },
      (error: unknown) => {
        settle()
        throw error
      },
    )
    this.#pending.set(key, promise)
    return promise
  }

  /** The loads under way keep nothing, and the next caller of their key starts a new one. */
  invalidate(): void {
    this.#generation++
    this.#pending.clear()
  }
}

/** Sets `key` as the newest entry of `map`, then drops the oldest ones beyond `maxEntries`. */
export function setNewest<V>(map: Map<string, V>, key: string, value: V, maxEntries: number): void {
  map.delete(key)
  map.set(key, value)
  while (map.size > maxEntries) {
    const oldest = map.keys().next().value
    if (oldest === undefined) break
    map.delete(oldest)
  }
}
