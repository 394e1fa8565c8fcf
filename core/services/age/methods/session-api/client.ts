/**
 * The session-API provider's HTTP API, as far as this product uses it: create a session.
 *
 *   POST {apiUrl}/sessions   Authorization: Bearer {apiKey}
 *   { reference_id, threshold: 18, callback_url, notification_url, locale, ttl }
 *   → 200|201 { id, url }   (url: where the visitor goes)
 *
 * Any failure (network, timeout, a status other than 2xx, an answer of another shape) is
 * AgeMethodUnavailable: the visitor can try again or choose another method.
 */
import { z } from 'zod'
import { AgeMethodUnavailable } from '../errors.js'

export interface CreateSessionRequest {
  referenceId: string
  callbackUrl: string
  notificationUrl: string
  locale: string
  ttlSeconds: number
}

const sessionAnswer = z.object({ id: z.string().min(1).max(200), url: z.url({ protocol: /^https?$/ }) })

export class SessionApiClient {
  constructor(private readonly options: { apiUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  async createSession(request: CreateSessionRequest): Promise<{ id: string; url: string }> {
    const doFetch = this.options.fetch ?? fetch
    let res: Response
    try {
      res = await doFetch(`${this.options.apiUrl}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          reference_id: request.referenceId,
          threshold: 18,
          callback_url: request.callbackUrl,
          notification_url: request.notificationUrl,
          locale: request.locale,
          ttl: request.ttlSeconds,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        redirect: 'error',
      })
    } catch (error) {
      throw new AgeMethodUnavailable(`the provider cannot be reached: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!res.ok) throw new AgeMethodUnavailable(`the provider refused the session: HTTP ${res.status}`)
    const answer = sessionAnswer.safeParse(await res.json().catch(() => null))
    if (!answer.success) throw new AgeMethodUnavailable('the provider answered the session request with an unexpected body')
    // An http page only from a provider reached over http itself (a local test provider).
    if (answer.data.url.startsWith('http:') && !this.options.apiUrl.startsWith('http:'))
      throw new AgeMethodUnavailable('the provider sent an insecure page address')
    return answer.data
  }
}
