import os from 'node:os'
import pg from 'pg'
import { WORKER_POOL_LOCK_CLASS } from '../core/services/ops/jobs.js'

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
 * A PostgreSQL restart drops all locks, live or not: a worker takes its locks again as soon as
 * the server answers (retrying every second), and no sweep judges anyone in the first
 * RESTART_GRACE_SECONDS after the server started, nor ever its own process's pools. So a job
 * that runs through a restart is not handed to a second worker.
 */
const LOCK_CLASS = WORKER_POOL_LOCK_CLASS

/**
 * A PostgreSQL restart drops every advisory lock at once, the live workers' included; they
 * take theirs again within a few seconds. Until the server has run this long, no pool is
 * judged dead (its jobs could still be running).
 */
const RESTART_GRACE_SECONDS = 30

export class WorkerLiveness {
  private client: pg.Client | null = null
  private connecting: Promise<pg.Client> | null = null
  /** This process's pools: always alive, never swept. */
  private readonly own = new Set<string>()
  /** Locks taken (or being taken) on the current connection. */
  private readonly locked = new Map<string, Promise<void>>()
  private retry: NodeJS.Timeout | null = null
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
    }
  }

  /** Takes the pool's lock; when that fails (the database is away), keeps trying in the background. */
  markAlive(poolId: string): Promise<void> {
    this.own.add(poolId)
    let done = this.locked.get(poolId)
    if (!done) {
      done = this.connection().then(async (client) => {
        await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, poolId])
      })
      this.locked.set(poolId, done)
      done.catch(() => {
        if (this.locked.get(poolId) === done) this.locked.delete(poolId)
        this.retryLater()
      })
    }
    return done
  }

  /** Sweeps now and then every `everyMs`. */
  startSweeping(everyMs = 15_000): void {
    const tick = () =>
      sweepDeadWorkers(this.databaseUrl, this.own)
        .then((unlocked) => unlocked.length && this.log(`unlocked the jobs of dead workers: ${unlocked.join(', ')}`))
        .catch((error: unknown) => this.log(`sweep failed: ${error instanceof Error ? error.message : String(error)}`))
    void tick()
    this.timer = setInterval(() => void tick(), everyMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    if (this.retry) clearTimeout(this.retry)
    const client = this.client ?? (await this.connecting?.catch(() => null))
    this.client = null
    await client?.end().catch(() => undefined)
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client)
    this.connecting ??= (async () => {
      // Named after the machine and process: the console's pipeline board shows which worker runs what.
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        application_name: `streamclub-worker ${os.hostname()} pid ${process.pid}`.slice(0, 63),
        keepAlive: true,
      })
      client.on('error', () => this.lost(client))
      client.on('end', () => this.lost(client))
      try {
        await client.connect()
      } catch (error) {
        await client.end().catch(() => undefined)
        throw error
      } finally {
        this.connecting = null
      }
      if (this.stopped) {
        await client.end().catch(() => undefined)
        throw new Error('stopped')
      }
      this.client = client
      return client
    })()
    return this.connecting
  }

  /** A lost connection lost its locks: take them all again on a new one. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return
    this.client = null
    this.locked.clear()
    this.retryLater()
  }

  private retryLater(): void {
    if (this.stopped || this.retry) return
    this.retry = setTimeout(() => {
      this.retry = null
      for (const id of this.own) {
        this.markAlive(id).then(
          () => this.log(`liveness lock of ${id} held again`),
          (error: unknown) => this.log(`liveness lock of ${id} not taken yet: ${error instanceof Error ? error.message : String(error)}`),
        )
      }
    }, 1000)
    this.retry.unref()
  }
}

/**
 * Unlocks the jobs and queues of every worker pool that no longer holds its liveness lock,
 * except `own` (this process's pools), and not while PostgreSQL itself has only just started.
 */
async function sweepDeadWorkers(databaseUrl: string, own: ReadonlySet<string> = new Set()): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'streamclub-worker-sweep' })
  // A connection dropped between statements reports here (and fails the statement).
  client.on('error', () => undefined)
  await client.connect()
  try {
    const {
      rows: [server],
    } = await client.query<{ young: boolean }>(`select now() - pg_postmaster_start_time() < make_interval(secs => $1) as young`, [RESTART_GRACE_SECONDS])
    if (server?.young) return []
    const { rows } = await client.query<{ locked_by: string }>(
      `select locked_by from graphile_worker._private_jobs where locked_by is not null
        union select locked_by from graphile_worker._private_job_queues where locked_by is not null`,
    )
    const dead: string[] = []
    for (const { locked_by: id } of rows) {
      if (own.has(id)) continue
      const {
        rows: [probe],
      } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LOCK_CLASS, id])
      if (probe?.free) {
        dead.push(id)
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id])
      }
    }
    if (dead.length) await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead])
    return dead
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * How many workers of this database are alive now: each worker's pools hold their liveness locks
 * on the worker's one liveness connection, so a worker is a connection holding such locks.
 */
export async function liveWorkers(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(distinct pid)::int as n from pg_locks
        where locktype = 'advisory' and granted and classid = $1 and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())`,
      [LOCK_CLASS],
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}
