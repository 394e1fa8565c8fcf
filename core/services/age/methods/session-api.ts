/**
 * A session-API provider in the style of Yoti or go.cam: the server creates a session at the
 * provider, the visitor is redirected to the provider's page, and the result comes by an
 * HMAC-signed webhook (session-api/signature.ts). The browser's return to the callback is no
 * result (anyone can make it); the check waits for the webhook.
 *
 * The webhook body (JSON):
 *   { event_id, session_id, reference_id, status: "started" | "completed" | "failed" | "cancelled" | "expired",
 *     over_18?: boolean, assurance?: "verified" | "estimated" }
 * `reference_id` is the check's id (given at session creation): `webhookCheck` returns it once the
 * signature holds; `complete` then requires the session id kept in the check's state, accepts
 * each event once, and turns a final status into the result.
 */
import { z } from 'zod'
import type { AgeCheckStart, AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from '../method.js'
import { headerValue, postedBody } from './completion-body.js'
import { AgeResponseRejected, AgeResultPending } from './errors.js'
import type { ReplayGuard } from './replay-guard.js'
import { SessionApiClient } from './session-api/client.js'
import { SIGNATURE_HEADER, SIGNATURE_WINDOW_SECONDS, TIMESTAMP_HEADER, verifyWebhookSignature } from './session-api/signature.js'

export interface SessionApiProviderOptions {
  /** Part of the method id (`session-<key>`). */
  key: string
  name: string
  apiUrl: string
  apiKey: string
  webhookSecret: string
  doubleAnonymous: boolean
  /** When an event does not say. */
  assurance: 'verified' | 'estimated'
  /** How long the provider keeps the session open (seconds). */
  sessionTtlSeconds?: number
  replayGuard: ReplayGuard
  now?: () => Date
  fetch?: typeof fetch
}

const FINAL = ['completed', 'failed', 'cancelled', 'expired'] as const

const webhookEvent = z.object({
  event_id: z.string().min(1).max(200),
  session_id: z.string().min(1).max(200),
  reference_id: z.string().min(1).max(200),
  status: z.string().min(1).max(64),
  over_18: z.boolean().optional(),
  assurance: z.enum(['verified', 'estimated']).optional(),
})

const sessionState = z.object({ sessionId: z.string() })

export class SessionApiAgeMethod implements AgeMethod {
  readonly kind = 'session-api' as const
  readonly id: string
  readonly provider: string
  readonly doubleAnonymous: boolean
  private readonly client: SessionApiClient
  private readonly now: () => Date

  constructor(private readonly options: SessionApiProviderOptions) {
    this.id = `session-${options.key}`
    this.provider = options.name
    this.doubleAnonymous = options.doubleAnonymous
    this.now = options.now ?? (() => new Date())
    this.client = new SessionApiClient({ apiUrl: options.apiUrl, apiKey: options.apiKey, ...(options.fetch ? { fetch: options.fetch } : {}) })
  }

  async start(input: AgeCheckStart): Promise<AgeStartResult> {
    const session = await this.client.createSession({
      referenceId: input.checkId,
      callbackUrl: input.callbackUrl,
      notificationUrl: input.responseUrl,
      locale: input.locale,
      ttlSeconds: this.options.sessionTtlSeconds ?? 900,
    })
    return { kind: 'redirect', url: session.url, state: { sessionId: session.id } }
  }

  async webhookCheck(input: AgeCompletion): Promise<{ checkId: string } | null> {
    return { checkId: this.signedEvent(input).event.reference_id }
  }

  async complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult> {
    if (!input.rawBody) throw new AgeResultPending('the result comes by the provider’s webhook')
    const { event, timestamp } = this.signedEvent(input)
    if (event.reference_id !== check.id || event.session_id !== sessionState.parse(check.state).sessionId) {
      throw new AgeResponseRejected(404, 'the event is about another session')
    }
    const until = new Date((timestamp + SIGNATURE_WINDOW_SECONDS) * 1000 + 60_000)
    if (!(await this.options.replayGuard.firstSeen(`${this.id}:${event.event_id}`, until, this.now()))) {
      throw new AgeResponseRejected(409, 'event already received')
    }
    if (!(FINAL as readonly string[]).includes(event.status)) throw new AgeResultPending(`the session is ${event.status}`)
    if (event.status !== 'completed') return { ok: false, reason: `the session ended ${event.status}` }
    if (event.over_18 !== true) return { ok: false, reason: 'the provider found the person not 18' }
    return { ok: true, over18: true, assurance: event.assurance ?? this.options.assurance }
  }

  /** A webhook whose signature and timestamp hold, read; anything else is refused unread. */
  private signedEvent(input: AgeCompletion): { event: z.infer<typeof webhookEvent>; timestamp: number } {
    if (!input.rawBody) throw new AgeResponseRejected(400, 'a webhook needs its raw body')
    const verdict = verifyWebhookSignature({
      secret: this.options.webhookSecret,
      rawBody: input.rawBody,
      signature: headerValue(input.headers, SIGNATURE_HEADER),
      timestamp: headerValue(input.headers, TIMESTAMP_HEADER),
      now: this.now(),
    })
    if (!verdict.ok) throw new AgeResponseRejected(401, verdict.reason)
    const body = postedBody(input)
    const event = webhookEvent.safeParse(body.kind === 'json' ? body.value : null)
    if (!event.success) throw new AgeResponseRejected(400, 'the event is not the expected JSON')
    return { event: event.data, timestamp: verdict.timestamp }
  }
}
