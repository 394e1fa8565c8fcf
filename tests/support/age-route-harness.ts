/**
 * A stand-in for the product's age-check routes, no larger than the AgeMethod contract asks
 * (core/services/age/method.ts), so adapters are tested over real HTTP: checks kept in memory,
 * GET /age/callback/:methodId (the browser's check from the `age_check` cookie) and
 * POST /age/response/:methodId (raw body; a webhook names its check through `webhookCheck`).
 */
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from '../../core/services/age/method.js'
import { AgeMethodUnavailable, AgeResponseRejected, AgeResultPending } from '../../core/services/age/methods/errors.js'

export interface HarnessCheck {
  check: PendingAgeCheck
  result: AgeMethodResult | null
}

export class AgeRouteHarness {
  readonly checks = new Map<string, HarnessCheck>()
  private app: FastifyInstance | null = null
  origin = ''

  constructor(private readonly methods: AgeMethod[]) {}

  async start(): Promise<void> {
    const app = Fastify()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    app.get<{ Params: { methodId: string } }>('/age/callback/:methodId', async (req, reply) => {
      const entry = this.checks.get(/age_check=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '')
      const method = this.methods.find((candidate) => candidate.id === req.params.methodId)
      if (!entry || !method || entry.check.methodId !== method.id) return reply.code(404).send({ error: 'no check' })
      const query = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1))
      return this.run(reply, entry, method, { query, headers: req.headers })
    })
    app.post<{ Params: { methodId: string } }>('/age/response/:methodId', async (req, reply) => {
      const method = this.methods.find((candidate) => candidate.id === req.params.methodId)
      if (!method) return reply.code(404).send({ error: 'no method' })
      const input: AgeCompletion = { rawBody: req.body as Buffer, headers: req.headers }
      let checkId: string | null = /age_check=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null
      try {
        checkId = (await method.webhookCheck?.(input))?.checkId ?? checkId
      } catch (error) {
        if (error instanceof AgeResponseRejected) return reply.code(error.status).send({ error: error.reason })
        throw error
      }
      const entry = checkId ? this.checks.get(checkId) : undefined
      if (!entry || entry.result) return reply.code(404).send({ error: 'no pending check' })
      return this.run(reply, entry, method, input)
    })
    this.app = app
    this.origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  }

  private async run(reply: FastifyReply, entry: HarnessCheck, method: AgeMethod, input: AgeCompletion) {
    try {
      const result = await method.complete(entry.check, input)
      entry.result = result
      const answer = method.responseAnswer?.(entry.check, input, result) ?? { status: 200, body: {} }
      return reply.code(answer.status).send(answer.body)
    } catch (error) {
      if (error instanceof AgeResponseRejected) return reply.code(error.status).send({ error: error.reason })
      if (error instanceof AgeResultPending) return reply.code(202).send({ pending: error.message })
      if (error instanceof AgeMethodUnavailable) return reply.code(503).send({ error: error.message })
      throw error
    }
  }

  async close(): Promise<void> {
    await this.app?.close()
  }

  /** What the flow does when the visitor picks a method: a check with a fresh nonce, started and kept. */
  async startCheck(method: AgeMethod): Promise<{ entry: HarnessCheck; started: AgeStartResult }> {
    const id = randomBytes(12).toString('base64url')
    const nonce = randomBytes(16).toString('base64url')
    const started = await method.start({
      checkId: id,
      nonce,
      locale: 'fr',
      origin: this.origin,
      callbackUrl: `${this.origin}/age/callback/${method.id}`,
      responseUrl: `${this.origin}/age/response/${method.id}`,
    })
    const now = new Date()
    const entry: HarnessCheck = {
      check: { id, methodId: method.id, nonce, state: started.state ?? {}, createdAt: now, expiresAt: new Date(+now + 900_000) },
      result: null,
    }
    this.checks.set(id, entry)
    return { entry, started }
  }
}
