import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AnyRouter, TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import { pageAgeText } from '../../core/render-contract.js'
import { sessionIdOf } from '../../core/services/auth/sessions.js'
import type { CatalogCache } from '../../core/services/catalog/cache.js'
import { acceptedEncoding, CachedBody } from './cached-body.js'
import type { Context } from '../trpc/context.js'

/** GET /trpc/ of catalog procedures only (one, or a batch of them). */
const CATALOG_QUERY = /^\/trpc\/catalog\.[A-Za-z]+(?:(?:,|%2C)catalog\.[A-Za-z]+)*(?:\?|$)/

interface PublicAnswer {
  status: number
  type: string
  vary: string
  body: CachedBody
  /** The same for every visitor who asks the same (a 200, and no fresh random order). */
  shared: boolean
}

/** The load of an answer that is not kept (see PublicAnswer.shared). */
class NotKept extends Error {}

export interface PublicAnswerDeps<TRouter extends AnyRouter> {
  /** Kept answers, dropped on every catalog change like the catalog cache. */
  cache: CatalogCache
  router: TRouter
  createContext: (options: CreateFastifyContextOptions) => Promise<Context>
  /** Logs a procedure's failure, as the tRPC plugin does. */
  onError: (failure: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => void
}

/**
 * Catalog answers to visitors without a session, from memory. A catalog query (lists, details,
 * banners) asked without a session cookie answers the same to everyone with the same address and
 * the same age-assurance answer (the procedures read only their input, the time, and the variant
 * of the catalog the request may see; one that answers otherwise, a fresh random order, says so),
 * so each server keeps its bytes like a rendered page: the JSON, and its brotli and gzip made once
 * (cached-body.ts). A kept answer is sent before tRPC runs: no context, no procedure, no
 * serialising or compressing per request. Under mixed browsing these calls had cost a third of
 * the server's CPU, and each waited on the compressor's thread pool.
 *
 * An answer that is not kept (an error, in the asker's language; a fresh random order) goes to
 * the request that made it; a request that waited on that same load meanwhile is answered by
 * tRPC itself.
 */
export function registerPublicAnswers<TRouter extends AnyRouter>(app: FastifyInstance, deps: PublicAnswerDeps<TRouter>): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !CATALOG_QUERY.test(req.url) || sessionIdOf(req.cookies) || streamed(req)) return
    let own: PublicAnswer | undefined
    let answer: PublicAnswer
    try {
      answer = await deps.cache.getOrLoad(`${req.url}\n${pageAgeText(req.ageAccess)}`, async () => {
        own = await resolve(req, reply, deps)
        if (!own.shared) throw new NotKept()
        return own
      })
    } catch (error) {
      if (!(error instanceof NotKept)) throw error
      if (!own) return
      answer = own
    }
    const encoding = acceptedEncoding(req)
    void reply.code(answer.status).type(answer.type).header('vary', `${answer.vary}, accept-encoding`)
    if (encoding !== 'identity') void reply.header('content-encoding', encoding)
    return reply.send(await answer.body.encoded(encoding))
  })
}

/** A client that asks for tRPC's streamed batch gets it from tRPC itself (another format). */
function streamed(req: FastifyRequest): boolean {
  return req.headers['trpc-accept'] !== undefined || (req.headers.accept ?? '').includes('application/jsonl')
}

async function resolve<TRouter extends AnyRouter>(req: FastifyRequest, reply: FastifyReply, deps: PublicAnswerDeps<TRouter>): Promise<PublicAnswer> {
  const sharedAnswer = { personal: false }
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(new URL(req.url, 'http://server')),
    router: deps.router,
    createContext: async ({ info }) => ({ ...(await deps.createContext({ req, res: reply, info })), sharedAnswer }) as never,
    onError: ({ error, path }) => deps.onError({ error, path, req }),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? 'application/json',
    vary: response.headers.get('vary') ?? 'trpc-accept, accept',
    body: new CachedBody(await response.text()),
    shared: response.status === 200 && !sharedAnswer.personal,
  }
}
