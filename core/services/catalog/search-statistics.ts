/**
 * Search statistics: for videos and image sets, how many released items hold each lexeme of
 * their search vectors (PostgreSQL's ts_stat). A search estimates its matches from them in the
 * same statement that resolves its words (sources.ts), so a broad search skips the exact count,
 * which would read every matching row. The counts are a hint only: a search whose estimate is
 * small still counts exactly, and stale or missing counts only cost speed, never a wrong page.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { sql, type Sql } from '../../db/sql.js'
import { released } from './released.js'

const SEARCH_KINDS = { videos: 'video', imageSets: 'image_set' } as const
export type SearchKind = (typeof SEARCH_KINDS)[keyof typeof SEARCH_KINDS]

/** What the counts of a kind depend on: the released items and their last change. */
const fingerprintOf = (table: SearchKind) => `(select count(*) || ':' || coalesce(max(updated_at)::text, '-') from "${table}" where ${released(`"${table}"`)})`

/**
 * Recounts the lexemes of each kind whose released items changed since the last count
 * (all of them with `force`). About 0.3 s per 100k items; run by the worker's crontab and
 * after seeding. Returns the kinds it recounted.
 */
export async function refreshSearchStatistics(em: EntityManager, { force = false } = {}): Promise<SearchKind[]> {
  const refreshed: SearchKind[] = []
  for (const kind of Object.values(SEARCH_KINDS)) {
    const changed = await em.transactional(async (tx) => {
      const connection = tx.getConnection()
      const context: unknown = tx.getTransactionContext()
      // One refresh at a time per kind, whichever process runs it.
      await connection.execute(`select pg_advisory_xact_lock(hashtext('search_statistics:' || ?))`, [kind], 'run', context)
      const [current] = await connection.execute<Array<{ fingerprint: string; stored: string | null }>>(
        `select ${fingerprintOf(kind)} as fingerprint, (select fingerprint from search_corpus where kind = ?) as stored`,
        [kind],
        'all',
        context,
      )
      if (!force && current && current.fingerprint === current.stored) return false
      await connection.execute(`delete from search_lexeme where kind = ?`, [kind], 'run', context)
      await connection.execute(
        `insert into search_lexeme (kind, lexeme, documents)
         select ?, word, ndoc from ts_stat('select search_vector from "${kind}" where ${released(`"${kind}"`)}')
          where length(word) <= 200`,
        [kind],
        'run',
        context,
      )
      await connection.execute(
        `insert into search_corpus (kind, documents, fingerprint, refreshed_at)
         values (?, (select count(*) from "${kind}" where ${released(`"${kind}"`)}), ?, now())
         on conflict (kind) do update set documents = excluded.documents, fingerprint = excluded.fingerprint, refreshed_at = excluded.refreshed_at`,
        [kind, current?.fingerprint ?? ''],
        'run',
        context,
      )
      return true
    })
    if (changed) refreshed.push(kind)
  }
  return refreshed
}

/**
 * How many released items of a kind may match the search, in SQL, over the `words` relation
 * (n, word, prefix, close) of the search's first statement: the items of its rarest word. A
 * word matches itself, the lexemes it is a prefix of (when `prefix`) and its corrections; it
 * is taken to be in as many items as the most frequent of them, because those mostly sit in the
 * same items (a title's words in five languages: "golden" and "goldene"). For one word this is
 * the estimate of its matches; for several, of the rarest one (common alone, rare together).
 * null when the kind was never counted.
 */
export function rarestWordItems(kind: SearchKind): Sql {
  return sql`(select min(words_in.documents)::int
      from search_corpus c
      cross join lateral (
        select coalesce(max(l.documents), 0) as documents
          from words w
          left join search_lexeme l on l.kind = ${kind}
           and (l.lexeme = w.word or (w.prefix and l.lexeme > w.word and l.lexeme < w.word || chr(1114111)) or l.lexeme = any(w.close))
         group by w.n) words_in
     where c.kind = ${kind})`
}
