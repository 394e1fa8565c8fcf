import { describe, expect, it } from 'vitest'
import { MediaAccessCache, type SessionSubject } from '../../core/services/media/access.js'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 24, 12)

/** A cache over a fake session table and a fake clock; counts the loads. */
function setup(ttlMs = 5000) {
  const sessions = new Map<string, SessionSubject>()
  let clock = T0
  let loads = 0
  let gate: Promise<void> | null = null
  const cache = new MediaAccessCache(
    async (sessionId) => {
      loads++
      const subject = sessions.get(sessionId) ?? null
      if (gate) await gate
      return subject
    },
    ttlMs,
    () => clock,
  )
  return {
    cache,
    sessions,
    loads: () => loads,
    advance: (ms: number) => (clock += ms),
    now: () => new Date(clock),
    hold() {
      let release = () => undefined as void
      gate = new Promise<void>((resolve) => (release = resolve))
      return () => {
        gate = null
        release()
      }
    },
  }
}

const member = (userId: number, until = T0 + HOUR): SessionSubject => ({ userId, role: 'user', activePlanUntil: new Date(until) })

describe("the media gateway's session check", () => {
  it("allows a live session of the URL's user while that user is a member, and asks the database once per window", async () => {
    const t = setup()
    t.sessions.set('s1', member(1))
    t.sessions.set('s2', { userId: 2, role: 'user', activePlanUntil: null })
    t.sessions.set('s3', { userId: 3, role: 'permanentAccess', activePlanUntil: null })
    t.sessions.set('s4', { userId: 4, role: 'admin', activePlanUntil: null })
    expect(await Promise.all([1, 2, 3].map(() => t.cache.allows('s1', 1, t.now())))).toEqual([true, true, true])
    expect(t.loads()).toBe(1)
    expect(await t.cache.allows('s1', 9, t.now())).toBe(false)
    expect(await t.cache.allows('s2', 2, t.now())).toBe(false)
    expect(await t.cache.allows('s3', 3, t.now())).toBe(true)
    expect(await t.cache.allows('s4', 4, t.now())).toBe(true)
    expect(await t.cache.allows('gone', 1, t.now())).toBe(false)
  })

  it('within the window keeps what it read (a session ended on another server still passes), after it reads again', async () => {
    const t = setup(5000)
    t.sessions.set('s1', member(1))
    expect(await t.cache.allows('s1', 1, t.now())).toBe(true)
    t.sessions.delete('s1')
    t.advance(4999)
    expect(await t.cache.allows('s1', 1, t.now())).toBe(true)
    t.advance(1)
    expect(await t.cache.allows('s1', 1, t.now())).toBe(false)
    expect(t.loads()).toBe(2)
    // A refused session is kept for the window too (no query per request), then asked again.
    t.sessions.set('s1', member(1))
    expect(await t.cache.allows('s1', 1, t.now())).toBe(false)
    t.advance(5000)
    expect(await t.cache.allows('s1', 1, t.now())).toBe(true)
  })

  it('ends access the moment the paid period ends, even inside the window', async () => {
    const t = setup(5000)
    t.sessions.set('s1', member(1, T0 + 2000))
    expect(await t.cache.allows('s1', 1, t.now())).toBe(true)
    t.advance(2000)
    expect(await t.cache.allows('s1', 1, t.now())).toBe(false)
    expect(t.loads()).toBe(1)
  })

  it("forgets sessions ended in this process at once: one session, or all of a user's but one", async () => {
    const t = setup(60_000)
    for (const id of ['a', 'b', 'c']) t.sessions.set(id, member(1))
    t.sessions.set('d', member(2))
    for (const id of ['a', 'b', 'c']) expect(await t.cache.allows(id, 1, t.now())).toBe(true)
    expect(await t.cache.allows('d', 2, t.now())).toBe(true)

    t.sessions.delete('a')
    t.cache.forget({ sessionId: 'a' })
    expect(await t.cache.allows('a', 1, t.now())).toBe(false)

    t.sessions.delete('b')
    t.cache.forget({ userId: 1, except: 'c' })
    expect(await t.cache.allows('b', 1, t.now())).toBe(false)
    const before = t.loads()
    expect(await t.cache.allows('c', 1, t.now())).toBe(true)
    expect(await t.cache.allows('d', 2, t.now())).toBe(true)
    expect(t.loads()).toBe(before)
  })

  it('does not keep a read that was under way when a session ended', async () => {
    const t = setup(60_000)
    t.sessions.set('s1', member(1))
    const release = t.hold()
    const racing = t.cache.allows('s1', 1, t.now())
    t.sessions.delete('s1')
    t.cache.forget({ sessionId: 's1' })
    release()
    // The request that raced the logout was answered from the row it read...
    expect(await racing).toBe(true)
    // ...but the next one reads again.
    expect(await t.cache.allows('s1', 1, t.now())).toBe(false)
    expect(t.loads()).toBe(2)
  })

  it('asks every time with a window of 0, and keeps at most maxEntries sessions', async () => {
    const t = setup(0)
    t.sessions.set('s1', member(1))
    await t.cache.allows('s1', 1, t.now())
    await t.cache.allows('s1', 1, t.now())
    expect(t.loads()).toBe(2)
    expect(t.cache.size).toBe(0)

    const small = new MediaAccessCache(
      async (id) => member(Number(id)),
      60_000,
      () => T0,
      3,
    )
    for (const id of ['1', '2', '3', '4', '5']) await small.allows(id, Number(id), new Date(T0))
    expect(small.size).toBe(3)
  })
})
