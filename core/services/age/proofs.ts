/**
 * Proofs of age: made from an accepted check (checks.ts), kept per browser session or per
 * account as the rule says (core/domain/age/proof.ts), and looked up on every request of a
 * blur or front jurisdiction that carries an age or session cookie, through a short cache.
 *
 * Browser-session proofs: the browser holds a random token in an httpOnly cookie that ends
 * with the browser session (AGE_PROOF_COOKIE); the table holds its SHA-256, never linked to an
 * account (double anonymity: the site does not learn who proved their age).
 *
 * "Signed in during this visit" (rules with loginEachVisit, Germany): a login sets a second
 * browser-session cookie derived from the session token (VISIT_COOKIE, see sessions.ts). A
 * remembered session outlives the browser, its visit cookie does not: after a restart the
 * member signs in again (password or passkey) before the account's proof counts.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { AgeProofRecord } from '../../db/entities/index.js'
import { proofCounts, proofExpiry, slidVisitExpiry, type AgeProof } from '../../domain/age/proof.js'
import type { AgePolicy, AgeRule } from '../../domain/age/policy.js'
import { hashToken, randomToken, sessionIdOf, VISIT_COOKIE, visitMarker, SESSION_COOKIE, type BrowserRequest } from '../auth/sessions.js'
import type { AgeMethods } from './methods.js'
import type { Cookies, ProofCheck } from './resolver.js'

const AGE_PROOF_COOKIE = 'age_proof'

/** What the lookup reads for one browser token or one session. */
interface ProofRow {
  id: number
  method: string
  provider: string
  double_anonymous: boolean
  policy_version: string
  verified_at: Date | string
  expires_at: Date | string | null
}

interface SessionProofs {
  /** The session's sign-in time. */
  signedInAt: Date
  proof: AgeProof | null
}

interface Cached<T> {
  value: T
  until: number
}

/** A small map with a time to live and a bound (the oldest entry goes first). */
class TtlCache<T> {
  private readonly entries = new Map<string, Cached<T>>()
  constructor(
    private readonly ttlMs: number,
    private readonly max = 20_000,
  ) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.until > now) return entry.value
    this.entries.delete(key)
    return undefined
  }

  set(key: string, value: T, now: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, until: now + this.ttlMs })
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

function proofOf(row: ProofRow, scope: AgeProof['scope'], methods: AgeMethods): AgeProof {
  return {
    scope,
    over18: true,
    method: row.method,
    methodKind: methods.kindOf(row.method) ?? 'unknown',
    provider: row.provider,
    doubleAnonymous: row.double_anonymous,
    policyVersion: row.policy_version,
    verifiedAt: toDate(row.verified_at),
    expiresAt: row.expires_at === null ? null : toDate(row.expires_at),
  }
}

export interface ProofStoreDeps {
  /** A fresh unit of work for each lookup. */
  em: () => EntityManager
  methods: AgeMethods
  /** How long a looked-up answer is reused (ms): a proof made on another server shows up within it. */
  cacheMs: number
  onError: (error: unknown) => void
}

export class ProofStore implements ProofCheck {
  private readonly byBrowser: TtlCache<(AgeProof & { id: number }) | null>
  private readonly bySession: TtlCache<SessionProofs | null>

  constructor(private readonly deps: ProofStoreDeps) {
    this.byBrowser = new TtlCache(deps.cacheMs)
    this.bySession = new TtlCache(deps.cacheMs)
  }

  verified(rule: AgeRule, cookies: Cookies, now: Date): boolean | Promise<boolean> {
    const status = this.status(rule, cookies, now)
    return status instanceof Promise ? status.then((found) => found.counts) : status.counts
  }

  /** The proof the request holds under the rule, whether it counts, and what is missing (the verification page says it). */
  status(rule: AgeRule, cookies: Cookies, now: Date): ProofStatus | Promise<ProofStatus> {
    if (rule.proof.scope === 'visit') {
      const token = cookies[AGE_PROOF_COOKIE]
      if (!token || token.length > 128) return NO_PROOF
      const key = hashToken(token)
      const cached = this.byBrowser.get(key, now.getTime())
      if (cached !== undefined) return this.visitStatus(rule, cached, now)
      return this.loadBrowserProof(key, now).then((proof) => this.visitStatus(rule, proof, now))
    }
    const sessionId = sessionIdOf(cookies)
    if (!sessionId) return NO_PROOF
    const freshVisit = cookies[VISIT_COOKIE] !== undefined && cookies[VISIT_COOKIE] === visitMarker(cookies[SESSION_COOKIE]!)
    const cached = this.bySession.get(sessionId, now.getTime())
    if (cached !== undefined) return this.accountStatus(rule, cached, freshVisit, now)
    return this.loadSessionProof(sessionId, now).then((found) => this.accountStatus(rule, found, freshVisit, now))
  }

  private visitStatus(rule: AgeRule, proof: (AgeProof & { id: number }) | null, now: Date): ProofStatus {
    if (!proof) return NO_PROOF
    const counts = proofCounts(rule, proof, { now, accepted: this.deps.methods.accepts(rule, proof.method), signedInThisVisitAt: null })
    if (counts) {
      const slid = slidVisitExpiry(rule, proof, now)
      if (slid) {
        proof.expiresAt = slid
        void this.deps.em().nativeUpdate(AgeProofRecord, { id: proof.id }, { expiresAt: slid }).catch(this.deps.onError)
      }
    }
    return { proof, counts, signedIn: false, signedInThisVisit: false }
  }

  private accountStatus(rule: AgeRule, found: SessionProofs | null, freshVisit: boolean, now: Date): ProofStatus {
    if (!found) return NO_PROOF
    const signedInThisVisitAt = freshVisit ? found.signedInAt : null
    const counts =
      found.proof !== null && proofCounts(rule, found.proof, { now, accepted: this.deps.methods.accepts(rule, found.proof.method), signedInThisVisitAt })
    return { proof: found.proof, counts, signedIn: true, signedInThisVisit: freshVisit }
  }

  private async loadBrowserProof(key: string, now: Date) {
    const [row] = await this.deps
      .em()
      .getConnection()
      .execute<ProofRow[]>(
        `select id, method, provider, double_anonymous, policy_version, verified_at, expires_at from age_proof where browser_key = ? and (expires_at is null or expires_at > ?)`,
        [key, now],
      )
    const proof = row ? { ...proofOf(row, 'visit', this.deps.methods), id: row.id } : null
    this.byBrowser.set(key, proof, now.getTime())
    return proof
  }

  private async loadSessionProof(sessionId: string, now: Date): Promise<SessionProofs | null> {
    const [row] = await this.deps
      .em()
      .getConnection()
      .execute<Array<Partial<ProofRow> & { signed_in_at: Date | string }>>(
        `select s.created_at as signed_in_at, p.id, p.method, p.provider, p.double_anonymous, p.policy_version, p.verified_at, p.expires_at
         from session s left join age_proof p on p.user_id = s.user_id and (p.expires_at is null or p.expires_at > ?)
        where s.id = ? and s.expires_at > ?`,
        [now, sessionId, now],
      )
    const found = row ? { signedInAt: toDate(row.signed_in_at), proof: row.id ? proofOf(row as ProofRow, 'account', this.deps.methods) : null } : null
    this.bySession.set(sessionId, found, now.getTime())
    return found
  }

  /**
   * Keeps a proof for the rule: on the browser session (a new proof cookie) or on the account
   * (replacing the account's earlier proof). Returns the stored row.
   */
  async grant(em: EntityManager, input: GrantInput): Promise<AgeProofRecord> {
    const { rule, policy, method, browser, userId, now } = input
    const fields = {
      over18: true,
      method: method.id,
      provider: method.provider,
      doubleAnonymous: method.doubleAnonymous,
      policyVersion: policy.version,
      verifiedAt: now,
      expiresAt: proofExpiry(rule, now),
    }
    if (rule.proof.scope === 'account') {
      if (userId === null) throw new Error('an account proof needs a user')
      await em.nativeDelete(AgeProofRecord, { user: userId })
      const record = em.create(AgeProofRecord, { ...fields, user: userId, browserKey: null })
      await em.flush()
      this.bySession.clear()
      return record
    }
    const previous = browser.cookies[AGE_PROOF_COOKIE]
    if (previous && previous.length <= 128) {
      await em.nativeDelete(AgeProofRecord, { browserKey: hashToken(previous) })
      this.byBrowser.delete(hashToken(previous))
    }
    const token = randomToken()
    const record = em.create(AgeProofRecord, { ...fields, user: null, browserKey: hashToken(token) })
    await em.flush()
    // No max-age: the cookie, and with it the proof, ends with the browser session.
    browser.setCookie(AGE_PROOF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: browser.secure })
    return record
  }

  /** Sessions ended or users changed (logout, a new sign-in): their cached answers go. */
  forgetSessions(): void {
    this.bySession.clear()
  }
}

export interface GrantInput {
  rule: AgeRule
  policy: AgePolicy
  method: { id: string; provider: string; doubleAnonymous: boolean }
  browser: BrowserRequest
  userId: number | null
  now: Date
}

export interface ProofStatus {
  proof: AgeProof | null
  /** The proof lets the visitor see what the rule hides. */
  counts: boolean
  /** Account rules: the request is signed in, and signed in during this visit. */
  signedIn: boolean
  signedInThisVisit: boolean
}

const NO_PROOF: ProofStatus = { proof: null, counts: false, signedIn: false, signedInThisVisit: false }
