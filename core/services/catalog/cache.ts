/**
 * The catalog's read cache. Public list pages and detail pages are the same for every
 * visitor, so each server keeps the answers in memory, keyed by the normalised query, and
 * drops them all when PostgreSQL says the catalog changed (NOTIFY catalog_changed, sent by the
 * release task and by any content change). Counters (likes, views) may lag by the TTL: past
 * it an answer is served once more while it is loaded again (stale-while-revalidate, `staleMs`).
 * Without a working LISTEN connection nothing is cached, so no server can serve stale pages
 * longer than the TTL.
 */
import { CATALOG_CHANNEL } from './release.js'
import { listenToChannel, type ChangeListener } from '../site/notifications.js'
import { setNewest, SingleFlight } from '../../memory-cache.js'

export type { ChangeListener }

export interface CatalogCacheOptions {
  maxEntries?: number
  ttlMs?: number
  /**
   * For this long after its TTL an answer is still served while one load in the background
   * replaces it (stale-while-revalidate): a page whose entry just expired does not keep its
   * visitors waiting for a new render. A catalog change still drops everything at once.
   */
  staleMs?: number
}

export class CatalogCache {
  readonly maxEntries: number
  readonly ttlMs: number
  readonly staleMs: number
  #entries = new Map<string, { value: unknown; expires: number }>()
  #loads = new SingleFlight<unknown>()
  #enabled = false
  stats = { hits: 0, misses: 0, stale: 0, clears: 0 }

  constructor({ maxEntries = 5000, ttlMs = 30_000, staleMs = 0 }: CatalogCacheOptions = {}) {
    this.maxEntries = maxEntries
    this.ttlMs = ttlMs
    this.staleMs = staleMs
  }

  get enabled(): boolean {
    return this.#enabled
  }

  /** On while the change listener is connected; turning it off drops everything. */
  setEnabled(enabled: boolean): void {
    if (!enabled) this.clear()
    this.#enabled = enabled
  }

  clear(): void {
    this.#loads.invalidate()
    this.#entries.clear()
    this.stats.clears++
  }

  get size(): number {
    return this.#entries.size
  }

  /** The cached answer, or the loaded one (one load per key at a time). A TTL of 0 keeps nothing. */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.#enabled || this.ttlMs <= 0) return load()
    const now = Date.now()
    const entry = this.#entries.get(key)
    if (entry && entry.expires + this.staleMs > now) {
      // Most recently used last, so the oldest entry goes first when the cache is full.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
      if (entry.expires > now) this.stats.hits++
      else {
        this.stats.stale++
        // A failed background load leaves the stale answer; the next caller tries again.
        if (!this.#loads.get(key)) this.#load(key, load).catch(() => undefined)
      }
      return entry.value as T
    }
    const pending = this.#loads.get(key)
    if (pending) return pending as Promise<T>
    this.stats.misses++
    return this.#load(key, load)
  }

  /** Loads `key` once (callers meanwhile share the load) and keeps the answer unless the catalog changed meanwhile. */
  #load<T>(key: string, load: () => Promise<T>): Promise<T> {
    // A change that arrived while loading makes this answer suspect: SingleFlight does not keep it.
    return this.#loads.run(key, load, (value) => {
      if (this.#enabled) setNewest(this.#entries, key, { value, expires: Date.now() + this.ttlMs }, this.maxEntries)
    }) as Promise<T>
  }
}

/**
 * Keeps one connection LISTENing on catalog_changed and clears the caches on every
 * notification; reconnects after a failure (the caches are off meanwhile).
 */
export function listenForCatalogChanges(
  databaseUrl: string,
  caches: CatalogCache[],
  log: { warn: (obj: object, msg: string) => void },
  retryMs = 2000,
): ChangeListener {
  const listener = listenToChannel(
    databaseUrl,
    CATALOG_CHANNEL,
    {
      onNotification: () => {
        for (const cache of caches) cache.clear()
      },
      onConnected: () => {
        // Anything cached before this moment may have missed a change.
        for (const cache of caches) {
          cache.clear()
          cache.setEnabled(true)
        }
      },
      onLost: (error) => {
        for (const cache of caches) cache.setEnabled(false)
        log.warn({ err: error }, 'catalog change listener lost; the catalog cache is off until it reconnects')
      },
    },
    retryMs,
  )
  return {
    ready: listener.ready,
    async close() {
      for (const cache of caches) cache.setEnabled(false)
      await listener.close()
    },
  }
}
