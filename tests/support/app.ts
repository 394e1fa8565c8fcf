import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppDeps } from '../../server/app.js'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { testConfig } from './config.js'

export interface TestApp {
  app: FastifyInstance
  config: Config
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>
}

/** The app on a test database; `resolveAgeAccess` walks it as a visitor of any jurisdiction (default: open). */
export async function createTestApp(orm: Orm, env: NodeJS.ProcessEnv = {}, { resolveAgeAccess }: Pick<AppDeps, 'resolveAgeAccess'> = {}): Promise<TestApp> {
  const config = testConfig({ LOG_LEVEL: 'info', ...env })
  const logs: Array<Record<string, unknown>> = []
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(JSON.parse(line))
  })
  const app = await buildApp({ config, orm, logStream, resolveAgeAccess })
  await app.ready()
  return { app, config, logs }
}

/** Calls a tRPC query over HTTP as the browser does. */
export function trpcQuery(app: FastifyInstance, path: string, input: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers,
  })
}

/** Calls a tRPC mutation over HTTP as the site's client does (JSON, with its custom header). */
export function trpcMutation(app: FastifyInstance, path: string, input: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input as object,
    headers: { 'content-type': 'application/json', ...SITE_CLIENT, ...headers },
  })
}

/** The header the site's client sends with every call (src/lib/trpc.ts). */
export const SITE_CLIENT = { 'x-streamclub-csrf': '1' } as const
