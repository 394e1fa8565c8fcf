/**
 * The console's age-assurance figures: page views per outcome and per rule (and how many of
 * the blur and front ones came from verified visitors), age checks per method and result.
 * Counted in memory per server process (a Map increment per request), added to
 * age_daily_count once a minute and on shutdown with an additive upsert, so any number of
 * servers can write the same day's rows. No visitor is identified: only counts per day.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { AGE_OUTCOMES, type AgeAccess, type AgeOutcome } from '../../domain/age/access.js'

export type AgeCheckEvent = 'started' | 'accepted' | 'refused'

type CountKind = 'outcome' | 'rule' | 'verified' | 'check'

const DAY_MS = 86_400_000
/** The outcomes whose visitors are asked to verify: the verified share is theirs. */
const GATED: readonly AgeOutcome[] = ['blur', 'front']

export class AgeStats {
  private counts = new Map<string, number>()
  private day = ''
  private dayEnds = 0

  constructor(private readonly clock: () => number = Date.now) {}

  /** A page answered under this access (server/render/page-route.ts). */
  countView(access: AgeAccess): void {
    this.add('outcome', access.outcome)
    if (access.rule) this.add('rule', access.rule)
    if (access.verified && GATED.includes(access.outcome)) this.add('verified', access.outcome)
  }

  /** A check started or completed (checks.ts). */
  countCheck(methodId: string, event: AgeCheckEvent): void {
    this.add('check', `${methodId}:${event}`)
  }

  /** Counts not yet stored. */
  get pending(): number {
    return this.counts.size
  }

  private add(kind: CountKind, key: string): void {
    const id = `${this.today()}|${kind}|${key.slice(0, 80)}`
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1)
  }

  /** The UTC day, recomputed only when it ends. */
  private today(): string {
    const now = this.clock()
    if (now >= this.dayEnds) {
      this.day = new Date(now).toISOString().slice(0, 10)
      this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS
    }
    return this.day
  }

  /**
   * Adds the counts so far to the table and starts again from zero. When the database fails,
   * the counts are kept for the next flush (and the error is thrown).
   */
  async flush(em: EntityManager): Promise<number> {
    if (this.counts.size === 0) return 0
    const taken = this.counts
    this.counts = new Map()
    const rows = [...taken].map(([id, count]) => {
      const [day, kind, ...key] = id.split('|')
      return { day, kind, key: key.join('|'), count }
    })
    try {
      await em.getConnection().execute(
        `insert into age_daily_count (day, kind, key, count)
         select day, kind, key, count from json_to_recordset(?::json) as r(day date, kind varchar, key varchar, count bigint)
         on conflict (day, kind, key) do update set count = age_daily_count.count + excluded.count`,
        [JSON.stringify(rows)],
      )
    } catch (error) {
      for (const [id, count] of taken) this.counts.set(id, (this.counts.get(id) ?? 0) + count)
      throw error
    }
    return taken.size
  }

  /**
   * Flushes every `intervalMs` (the timer does not keep the process alive); the returned stop
   * ends the timer and flushes what is left (the server's close hook calls it).
   */
  flushEvery(intervalMs: number, em: () => EntityManager, onError: (error: unknown) => void): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve()
    const flushNow = () => (running = running.then(() => this.flush(em())).catch(onError))
    const timer = setInterval(() => void flushNow(), intervalMs)
    timer.unref()
    return async () => {
      clearInterval(timer)
      await flushNow()
    }
  }
}

interface AgeStatsRow {
  key: string
  views: number
  /** Of all page views in the period, 0–1. */
  share: number
}

interface AgeMethodStatsRow {
  method: string
  started: number
  accepted: number
  refused: number
  /** Of all checks started in the period, 0–1. */
  share: number
}

export interface AgeStatsSummary {
  days: number
  views: number
  byOutcome: AgeStatsRow[]
  byRule: AgeStatsRow[]
  byMethod: AgeMethodStatsRow[]
  /** Verified page views among those of blur and front places (0–1); null without any. */
  verifiedShare: number | null
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0)

/** The last `days` days (today included, UTC) summed over every server. */
export async function ageStatsSummary(em: EntityManager, days: number, now: Date): Promise<AgeStatsSummary> {
  const since = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10)
  const rows = await em
    .getConnection()
    .execute<Array<{ kind: CountKind; key: string; count: string | number }>>(
      `select kind, key, sum(count) as count from age_daily_count where day >= ?::date group by kind, key`,
      [since],
    )
  const sums = new Map<CountKind, Map<string, number>>()
  for (const row of rows) {
    const kind = sums.get(row.kind) ?? new Map<string, number>()
    kind.set(row.key, Number(row.count))
    sums.set(row.kind, kind)
  }
  const outcomes = sums.get('outcome') ?? new Map<string, number>()
  const views = [...outcomes.values()].reduce((a, b) => a + b, 0)
  const rowsOf = (counts: Map<string, number>, order: (a: AgeStatsRow, b: AgeStatsRow) => number) =>
    [...counts].map(([key, count]) => ({ key, views: count, share: share(count, views) })).sort(order)
  const outcomeOrder = (a: AgeStatsRow, b: AgeStatsRow) => AGE_OUTCOMES.indexOf(a.key as AgeOutcome) - AGE_OUTCOMES.indexOf(b.key as AgeOutcome)

  const methods = new Map<string, AgeMethodStatsRow>()
  for (const [key, count] of sums.get('check') ?? []) {
    const at = key.lastIndexOf(':')
    const method = key.slice(0, at)
    const event = key.slice(at + 1)
    if (event !== 'started' && event !== 'accepted' && event !== 'refused') continue
    const row = methods.get(method) ?? { method, started: 0, accepted: 0, refused: 0, share: 0 }
    row[event] += count
    methods.set(method, row)
  }
  const started = [...methods.values()].reduce((sum, row) => sum + row.started, 0)
  for (const row of methods.values()) row.share = share(row.started, started)

  const gatedViews = GATED.reduce((sum, outcome) => sum + (outcomes.get(outcome) ?? 0), 0)
  const verifiedViews = [...(sums.get('verified') ?? [])].reduce((sum, [, count]) => sum + count, 0)
  return {
    days,
    views,
    byOutcome: rowsOf(outcomes, outcomeOrder),
    byRule: rowsOf(sums.get('rule') ?? new Map<string, number>(), (a, b) => b.views - a.views || a.key.localeCompare(b.key)),
    byMethod: [...methods.values()].sort((a, b) => b.started - a.started || a.method.localeCompare(b.method)),
    verifiedShare: gatedViews > 0 ? verifiedViews / gatedViews : null,
  }
}
