/**
 * A session-API age-verification provider for tests, on Fastify in the test process: it takes
 * session requests with its API key, shows "its page" (GET /verify/:id?answer=adult|minor),
 * then posts signed webhooks (started, then completed) to the session's notification URL and
 * sends the browser back to the callback, as Yoti or go.cam would.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { webhookSignature } from '../../core/services/age/methods/session-api/signature.js'

interface Session {
  id: string
  referenceId: string
  callbackUrl: string
  notificationUrl: string
}

export interface SignedDelivery {
  url: string
  body: string
  headers: Record<string, string>
}

export class FakeSessionProvider {
  readonly sessions = new Map<string, Session>()
  /** Every webhook it sent, in order, with the status the receiver answered. */
  readonly deliveries: Array<SignedDelivery & { status: number }> = []
  private app: FastifyInstance | null = null
  url = ''

  constructor(
    readonly apiKey: string,
    readonly webhookSecret: string,
  ) {}

  async start(): Promise<void> {
    const app = Fastify()
    app.post<{ Body: Record<string, unknown> }>('/sessions', async (req, reply) => {
      if (req.headers.authorization !== `Bearer ${this.apiKey}`) return reply.code(401).send({ error: 'unauthorized' })
      const body = req.body
      if (
        body.threshold !== 18 ||
        typeof body.reference_id !== 'string' ||
        typeof body.notification_url !== 'string' ||
        typeof body.callback_url !== 'string'
      ) {
        return reply.code(400).send({ error: 'bad request' })
      }
      const session = { id: randomUUID(), referenceId: body.reference_id, callbackUrl: body.callback_url, notificationUrl: body.notification_url }
      this.sessions.set(session.id, session)
      return reply.code(201).send({ id: session.id, url: `${this.url}/verify/${session.id}` })
    })
    app.get<{ Params: { id: string }; Querystring: { answer?: string } }>('/verify/:id', async (req, reply) => {
      const session = this.sessions.get(req.params.id)
      if (!session) return reply.code(404).send()
      await this.deliver(this.signed(session, { status: 'started' }))
      await this.deliver(this.signed(session, { status: 'completed', over_18: req.query.answer === 'adult', assurance: 'estimated' }))
      return reply.redirect(`${session.callbackUrl}?session_id=${session.id}`, 303)
    })
    this.app = app
    this.url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  }

  async close(): Promise<void> {
    await this.app?.close()
  }

  /** A webhook as the provider signs it (or, with `secret`/`timestamp`, as a forger would). */
  signed(session: Session, fields: Record<string, unknown>, options: { secret?: string; timestamp?: number; eventId?: string } = {}): SignedDelivery {
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
    const body = JSON.stringify({ event_id: options.eventId ?? randomUUID(), session_id: session.id, reference_id: session.referenceId, ...fields })
    return {
      url: session.notificationUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': String(timestamp),
        'x-signature': webhookSignature(options.secret ?? this.webhookSecret, timestamp, body),
      },
    }
  }

  async deliver(delivery: SignedDelivery): Promise<number> {
    const res = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.body })
    this.deliveries.push({ ...delivery, status: res.status })
    return res.status
  }
}
