import path from 'node:path'

/**
 * The processes of a cluster on one machine, laid out as on several: N servers and M workers
 * sharing one PostgreSQL, one S3 bucket and one APP_SECRET, each with a data folder of its own
 * (a worker's MEDIA_DIR is its scratch space and source cache, as on its own machine). The
 * servers sit behind a load balancer at `publicUrl` (TRUST_PROXY) and turn unready for
 * `shutdownDelaySeconds` before they close their port. `npm run demo:cluster` and the cluster
 * test start exactly these.
 */
export interface ClusterLayout {
  dataDir: string
  databaseUrl: string
  appSecret: string
  /** The S3 variables of MEDIA_STORE=s3 (S3_ENDPOINT, S3_BUCKET, …). */
  s3: Record<string, string>
  /** The address visitors use: the load balancer's. */
  publicUrl: string
  serverPorts: number[]
  workers: number
  shutdownDelaySeconds?: number
  /** Added to every process's environment (LOG_LEVEL, …). */
  env?: Record<string, string>
}

export interface ClusterProcess {
  /** server-a, server-b, …, worker-a, … */
  name: string
  entry: 'server/main.ts' | 'worker/main.ts'
  env: Record<string, string>
  /** Servers: http://127.0.0.1:port. */
  url?: string
}

const letter = (index: number) => String.fromCharCode(97 + index)

export function clusterProcesses(layout: ClusterLayout): ClusterProcess[] {
  const shared = {
    DATABASE_URL: layout.databaseUrl,
    APP_SECRET: layout.appSecret,
    MEDIA_STORE: 's3',
    ...layout.s3,
    PUBLIC_URL: layout.publicUrl,
    // One drop folder for every worker: on several machines, a shared mount.
    INGEST_DIR: path.join(layout.dataDir, 'ingest'),
    ...layout.env,
  }
  const servers = layout.serverPorts.map((port, index): ClusterProcess => {
    const name = `server-${letter(index)}`
    return {
      name,
      entry: 'server/main.ts',
      url: `http://127.0.0.1:${port}`,
      env: {
        ...shared,
        DATA_DIR: path.join(layout.dataDir, name),
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: 'true',
        SHUTDOWN_DELAY_SECONDS: String(layout.shutdownDelaySeconds ?? 2),
      },
    }
  })
  const workers = Array.from({ length: layout.workers }, (_, index): ClusterProcess => {
    const name = `worker-${letter(index)}`
    // The nightly backup needs the database's files on its machine: not a worker's job here.
    return { name, entry: 'worker/main.ts', env: { ...shared, DATA_DIR: path.join(layout.dataDir, name), BACKUP_SCHEDULE: 'off' } }
  })
  return [...servers, ...workers]
}
