import type { FastifyInstance } from 'fastify'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * A server's graceful stop: /readyz turns 503 at once while the server goes on serving for
 * `delayMs` (a load balancer sees the 503 and stops sending), then the port closes (new
 * connections are refused, idle keep-alive connections closed, requests on busy ones get
 * 503 and `connection: close`), and the requests in flight get `timeoutMs` to finish;
 * whatever still runs then loses its connection. Resolves when the HTTP server is closed.
 */
export async function closeGracefully(app: FastifyInstance, { delayMs, timeoutMs }: { delayMs: number; timeoutMs: number }): Promise<'drained' | 'timed out'> {
  app.readiness.beginShutdown()
  app.log.info({ delayMs, timeoutMs }, 'shutting down: readiness reports 503')
  if (delayMs > 0) await sleep(delayMs)
  app.log.info('closing the port; waiting for the requests in flight')
  const closed = app.close()
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    closed.then(() => 'drained' as const),
    new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), timeoutMs))),
  ])
  clearTimeout(timer)
  if (outcome === 'timed out') {
    app.log.warn({ timeoutMs }, 'requests still in flight after the shutdown timeout; closing their connections')
    app.server.closeAllConnections()
    await closed
  }
  return outcome
}
