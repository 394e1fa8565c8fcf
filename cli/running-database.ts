import pg from 'pg'

/**
 * The URL of the embedded PostgreSQL when it already runs (the server of `npm start` holds
 * it), so a maintenance script can use it instead of starting a second one on the same
 * data folder. Undefined when nothing answers on EMBEDDED_PG_PORT.
 */
export async function runningEmbeddedUrl(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const url = `postgres://postgres:postgres@127.0.0.1:${Number(env.EMBEDDED_PG_PORT ?? 54320)}/streamclub`
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return url
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => undefined)
  }
}
