/**
 * The local development provider: a page of this server (/dev-age-check) that says yes or no,
 * so the whole flow runs on a fresh clone and in tests. On only outside production
 * (AGE_DEV_PROVIDER, default on for a localhost PUBLIC_URL). Its answer comes back through the
 * generic callback like a real provider's, signed with a key derived from APP_SECRET, so a
 * hand-made callback URL proves nothing.
 */
import crypto from 'node:crypto'
import type { AgeCheckStart, AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from '../method.js'

export const DEV_METHOD_ID = 'dev'
/** The development provider's page (a route of the client). */
const DEV_CHECK_PAGE = '/dev-age-check'

export class DevAgeMethod implements AgeMethod {
  readonly id = DEV_METHOD_ID
  readonly kind = 'dev' as const
  readonly provider = 'Streamclub development check'
  /** It learns nothing and tells nothing: it counts as double-anonymous, so every rule can be tried with it. */
  readonly doubleAnonymous = true
  private readonly key: Buffer

  constructor(appSecret: string) {
    this.key = crypto.createHmac('sha256', appSecret).update('streamclub:age-dev-provider').digest()
  }

  async start(input: AgeCheckStart): Promise<AgeStartResult> {
    const url = new URL(DEV_CHECK_PAGE, input.origin)
    url.searchParams.set('check', input.checkId)
    url.searchParams.set('locale', input.locale)
    return { kind: 'redirect', url: url.pathname + url.search }
  }

  /** The callback URL the development page sends the browser to with its answer. */
  answerUrl(check: Pick<PendingAgeCheck, 'id' | 'nonce'>, over18: boolean): string {
    const answer = over18 ? 'yes' : 'no'
    const query = new URLSearchParams({ check: check.id, answer, sig: this.sign(check, answer) })
    return `/age/callback/${this.id}?${query}`
  }

  async complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult> {
    const answer = input.query?.get('answer')
    const sig = input.query?.get('sig') ?? ''
    if ((answer !== 'yes' && answer !== 'no') || input.query?.get('check') !== check.id) return { ok: false, reason: 'malformed' }
    const expected = Buffer.from(this.sign(check, answer))
    const given = Buffer.from(sig)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature' }
    return answer === 'yes' ? { ok: true, over18: true, assurance: 'verified' } : { ok: false, reason: 'under18' }
  }

  private sign(check: Pick<PendingAgeCheck, 'id' | 'nonce'>, answer: string): string {
    return crypto.createHmac('sha256', this.key).update(`${check.id}.${check.nonce}.${answer}`).digest('base64url')
  }
}
