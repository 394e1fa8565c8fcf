/**
 * Remembers signed events until their signature's time window has passed, so each one is
 * accepted once: within the window a replay is caught here, after it the timestamp check
 * refuses it.
 */
export interface ReplayGuard {
  /** True the first time `key` is seen before `until`; false for every repeat. */
  firstSeen(key: string, until: Date, now: Date): boolean | Promise<boolean>
}

/**
 * In this process's memory. With several servers a replay could reach another one within the
 * window; it then finds its check already completed (a check is completed once), so nothing
 * is applied twice either way.
 */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>()

  firstSeen(key: string, until: Date, now: Date): boolean {
    for (const [seenKey, expiry] of this.seen) if (expiry < now.getTime()) this.seen.delete(seenKey)
    if (this.seen.has(key)) return false
    this.seen.set(key, until.getTime())
    return true
  }
}
