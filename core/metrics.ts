import http from 'node:http'
import { collectDefaultMetrics, Registry } from 'prom-client'

/**
 * A registry with Node's default metrics (process memory and CPU, heap, event-loop delay,
 * garbage collection, handles), to which the process adds its own.
 */
export function createRegistry(): Registry {
  const register = new Registry()
  collectDefaultMetrics({ register })
  return register
}

export interface MetricsEndpoint {
  /** The port it listens on (useful when it was asked for port 0). */
  port: number
  close(): Promise<void>
}

/**
 * GET /metrics in the Prometheus text format, on its own port and address, apart from the
 * site: the site's port is public, this one is for the operator's Prometheus only
 * (127.0.0.1 unless METRICS_HOST says otherwise).
 */
export async function startMetricsEndpoint(register: Registry, host: string, port: number): Promise<MetricsEndpoint> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n')
      return
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
