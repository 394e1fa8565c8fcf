import pg from 'pg'

/**
 * Jobs of a worker that died (SIGKILL, power loss, OOM) stay locked in graphile-worker
 * for 4 hours. This puts them back at once, on any number of machines, with PostgreSQL as
 * the judge of who is alive:
 * - every worker pool holds a session advisory lock named after its id, taken on a
 *   dedicated connection BEFORE the pool asks for its first job (graphile-worker's
 *   startWorker hook); PostgreSQL drops it when that process's connection dies;
 * - a sweep (at start and every few seconds) looks at the pools that hold locked jobs or
 *   queues; a pool whose advisory lock can be taken is dead, so its jobs are unlocked
 *   (graphile_worker.force_unlock_workers) and retried.
 */
const LOCK_CLASS = 7_311_002

export class WorkerLiveness {
  private client: pg.Client | null = null
  private readonly pools = new Map<string, Promise<void>>()
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(
    private readonly databaseUrl: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** The graphile-worker plugin that marks each pool alive before it takes a job. */
  plugin(): GraphileConfig.Plugin {
    return {
      name: 'StreamclubWorkerLiveness',
      version: '1.0.0',
      worker: {
        hooks: {
          startWorker: async (_ctx, event) => {
            await this.markAlive(event.worker.workerPool.id)
          },
        },
      },
    } as GraphileConfig.Plugin
  }

  markAlive(poolId: string): Promise<void> {
    let done = this.pools.get(poolId)
    if (!done) {
      done = this.connection().then((client) => client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, poolId]).then(() => undefined))
      this.pools.set(poolId, done)
    }
    return done
  }

  /** Sweeps now and then every `everyMs`. */
  startSweeping(everyMs = 15_000): void {
    const tick = () =>
      sweepDeadWorkers(this.databaseUrl)
        .then((unlocked) => unlocked.length && this.log(`unlocked the jobs of dead workers: ${unlocked.join(', ')}`))
        .catch((error: unknown) => this.log(`sweep failed: ${error instanceof Error ? error.message : String(error)}`))
    void tick()
    this.timer = setInterval(tick, everyMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.client?.end().catch(() => undefined)
    this.client = null
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'streamclub-worker-liveness' })
    this.client = client
    client.on('error', () => this.reconnect(client))
    client.on('end', () => this.reconnect(client))
    await client.connect()
    return client
  }

  /** A lost connection lost its locks: take them again on a new one. */
  private reconnect(lost: pg.Client): void {
    if (this.stopped || this.client !== lost) return
    this.client = null
    const ids = [...this.pools.keys()]
    this.pools.clear()
    setTimeout(() => {
      for (const id of ids) void this.markAlive(id).catch((error: unknown) => this.log(`liveness lock lost: ${String(error)}`))
    }, 1000).unref()
  }
}

/** Unlocks the jobs and queues of every worker pool that no longer holds its liveness lock. */
export async function sweepDeadWorkers(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'streamclub-worker-sweep' })
  await client.connect()
  try {
    const { rows } = await client.query<{ locked_by: string }>(
      `select locked_by from graphile_worker._private_jobs where locked_by is not null
        union select locked_by from graphile_worker._private_job_queues where locked_by is not null`,
    )
    const dead: string[] = []
    for (const { locked_by: id } of rows) {
      const { rows: [probe] } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LOCK_CLASS, id])
      if (probe?.free) {
        dead.push(id)
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id])
      }
    }
    if (dead.length) await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead])
    return dead
  } finally {
    await client.end()
  }
}

/** How many worker pools are alive now (each holds its liveness lock). */
export async function liveWorkerPools(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and classid = $1 and objsubid = 2`,
      [LOCK_CLASS],
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}
