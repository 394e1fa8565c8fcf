import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The request a piece of code runs for, without passing it down every call: addJob reads
 * the request id from here, so the jobs a request queues log the same id as the request.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>()
const scopes = new WeakMap<FastifyRequest, AsyncResource>()

/** The id of the HTTP request being handled, if any (also in the x-request-id header). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/**
 * Every request runs in its own context. A body is read in a context of its own (the
 * socket's), so the handler is put back into the request's context after parsing, as
 * @fastify/request-context does.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ requestId: req.id }, () => {
      const scope = new AsyncResource('streamclub-request')
      scopes.set(req, scope)
      scope.runInAsyncScope(done, req.raw)
    })
  })
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req)
    if (scope) scope.runInAsyncScope(done, req.raw)
    else done()
  })
}
