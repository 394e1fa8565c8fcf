import { MessageChannel } from 'node:worker_threads'
import { getUntypedClient, type TRPCClientError } from '@trpc/client'
import { Piscina } from 'piscina'
import type { AppRouter } from '../trpc/root.js'
import type { RenderRequest } from '../../src/entry-server.js'
import type { RenderedResponse, RenderTask } from './render-thread.js'
import type { ProcedureAnswer, ProcedureCall } from '../../src/lib/server-thread-link.js'

/**
 * Renders pages on worker threads (RENDER_THREADS of them): a page rendered for the first time
 * takes 40 to 100 ms of CPU, which on the server's one event loop held up every other request
 * (the p99 of mixed browsing at 256 connections). The threads do React and the router; the
 * page's data is still read here, by the request's own tRPC client: the thread sends each call
 * over a MessagePort of the task, and this side runs it and answers.
 */
export class RenderPool {
  readonly #pool: Piscina<RenderTask | string, RenderedResponse | void>

  constructor(
    readonly serverEntry: string,
    readonly threads: number,
  ) {
    this.#pool = new Piscina({
      filename: new URL('./render-thread.ts', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
    })
    // Each thread loads the entry before its first page (about a second each).
    for (let i = 0; i < threads; i++) void this.#pool.run(serverEntry, { name: 'warm' }).catch(() => undefined)
  }

  /** Renders `request` on a thread; the calls its loaders make run on `request.apiClient`, here. */
  async render({ request, apiClient, env, manifest }: RenderRequest): Promise<RenderedResponse> {
    const { port1, port2 } = new MessageChannel()
    const client = getUntypedClient(apiClient)
    port1.on('message', ({ id, type, path, input }: ProcedureCall) => {
      const call = type === 'mutation' ? client.mutation(path, input) : type === 'query' ? client.query(path, input) : Promise.reject(new Error('no subscriptions while rendering'))
      call.then(
        (data) => port1.postMessage({ id, ok: true, data } satisfies ProcedureAnswer),
        (error: TRPCClientError<AppRouter>) => port1.postMessage({ id, ok: false, error: error.shape ?? { message: error.message, code: -32603, data: {} } } satisfies ProcedureAnswer),
      )
    })
    try {
      const task: RenderTask = { serverEntry: this.serverEntry, url: request.url, env, manifest, port: port2 }
      return (await this.#pool.run(task, { transferList: [port2] })) as RenderedResponse
    } finally {
      port1.close()
    }
  }

  /** Lets running renders finish, then stops the threads. */
  close(): Promise<void> {
    return this.#pool.close()
  }
}
