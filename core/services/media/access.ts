import { isMember, type MembershipSubject } from '../../domain/billing/membership.js'
import type { EndedSessions } from '../auth/sessions.js'
import { setNewest, SingleFlight } from '../../memory-cache.js'

/** What the gateway needs to know about a session: whose it is and what that user may see. */
export interface SessionSubject extends MembershipSubject {
  userId: number
}

/** Whether a signed media URL's session may still be served (the signature is checked before). */
export interface MediaAccessCheck {
  allows(sessionId: string, userId: number, now: Date): Promise<boolean>
}

/**
 * The media gateway's session check: the session must still exist and belong to the URL's
 * user, and that user must still be a member (isMember, the one membership rule, asked at
 * every request with the stored end of the paid period, so a period that runs out ends
 * access to the second). The session's facts are kept per session for `ttlMs`, so a player
 * fetching segments costs one query per session every few seconds, not one per segment.
 *
 * Sessions ended in this process (logout, password change) are dropped at once through
 * `forget`; on other servers, and when a membership is ended early (refund, chargeback,
 * expiry written by the worker), an entry lives at most `ttlMs` longer. A load that was
 * under way when a session ended is not kept.
 */
export class MediaAccessCache implements MediaAccessCheck {
  readonly #entries = new Map<string, { subject: SessionSubject | null; until: number }>()
  readonly #loads = new SingleFlight<SessionSubject | null>()

  constructor(
    private readonly load: (sessionId: string, now: Date) => Promise<SessionSubject | null>,
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    readonly maxEntries = 50_000,
  ) {}

  async allows(sessionId: string, userId: number, now: Date): Promise<boolean> {
    const subject = await this.#subject(sessionId, now)
    return subject !== null && subject.userId === userId && isMember(subject, now)
  }

  /** Drops what is known about sessions that ended. */
  forget(ended: EndedSessions): void {
    this.#loads.invalidate()
    if ('sessionId' in ended) {
      this.#entries.delete(ended.sessionId)
      return
    }
    for (const [sessionId, entry] of this.#entries) {
      if (entry.subject?.userId === ended.userId && sessionId !== ended.except) this.#entries.delete(sessionId)
    }
  }

  get size(): number {
    return this.#entries.size
  }

  #subject(sessionId: string, now: Date): Promise<SessionSubject | null> {
    if (this.ttlMs <= 0) return this.load(sessionId, now)
    const entry = this.#entries.get(sessionId)
    if (entry && entry.until > this.clock()) return Promise.resolve(entry.subject)
    return (
      this.#loads.get(sessionId) ??
      this.#loads.run(
        sessionId,
        () => this.load(sessionId, now),
        (subject) => setNewest(this.#entries, sessionId, { subject, until: this.clock() + this.ttlMs }, this.maxEntries),
      )
    )
  }
}
