/**
 * The API client of a page rendered on a render thread (server/render/render-pool.ts): every
 * call goes to the server thread over the task's MessagePort, runs there, and its answer comes
 * back. It lives in the server entry's bundle, so its errors are the TRPCClientError class the
 * pages check against.
 */
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '../../server/trpc/root.js'
import type { ApiClient } from './trpc'

/** A procedure the render thread asks the server thread to run. */
export interface ProcedureCall {
  id: number
  type: 'query' | 'mutation' | 'subscription'
  path: string
  input: unknown
}

/** Its answer: the data, or the error's shape as the server's error formatter made it. */
export type ProcedureAnswer = { id: number; ok: true; data: unknown } | { id: number; ok: false; error: { message: string; code: number; data: unknown } }

/** What of a MessagePort the client needs. */
export interface CallPort {
  postMessage(call: ProcedureCall): void
  on(event: 'message', listener: (answer: ProcedureAnswer) => void): unknown
}

export function createServerThreadClient(port: CallPort): ApiClient {
  return createTRPCClient<AppRouter>({ links: [serverThreadLink(port)] })
}

function serverThreadLink(port: CallPort): TRPCLink<AppRouter> {
  let nextId = 0
  const waiting = new Map<number, (answer: ProcedureAnswer) => void>()
  port.on('message', (answer) => {
    waiting.get(answer.id)?.(answer)
    waiting.delete(answer.id)
  })
  return () =>
    ({ op }) =>
      observable((observer) => {
        const id = nextId++
        waiting.set(id, (answer) => {
          if (!answer.ok) return observer.error(TRPCClientError.from({ error: answer.error }))
          observer.next({ result: { type: 'data', data: answer.data } })
          observer.complete()
        })
        port.postMessage({ id, type: op.type, path: op.path, input: op.input })
        return () => void waiting.delete(id)
      })
}
