/**
 * The one list-query builder behind every catalog list (spec section 3, List query
 * parameters): it normalises the query with the domain's list rules, builds the count and
 * page statements from a ListSource, clamps the page, and adds the caller's own state.
 * Sort fallback, page clamping and per_page capping are decided in core/domain/catalog/list.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Locale } from '../../domain/locale.js'
import {
  DEFAULT_PER_PAGE,
  clampPage,
  lastPage,
  normalizePerPage,
  normalizeSort,
  type ListKind,
  type SortDirection,
  type SortName,
} from '../../domain/catalog/list.js'
import {
  ESTIMATE_TRUSTED_ABOVE,
  RELEVANCE_CANDIDATES,
  RELEVANCE_EXACT_UP_TO,
  SEARCH_COUNT_LIMIT,
  roundEstimate,
  searchTerms,
  type SearchTerms,
} from '../../domain/catalog/search.js'
import type { ListQuery, ListRelation } from '../../domain/schemas/catalog.js'
import { AppError } from '../../domain/errors.js'
import { EMPTY_STATE, type CatalogVariant, type ListResult, type Rating, type UserItemState } from './dto.js'
import { list, query, raw, sql, where, type Sql } from '../../db/sql.js'

/** A list query after the spec's normalisation; everything the SQL depends on. */
export interface NormalizedListQuery {
  kind: ListKind
  locale: Locale
  relations: ListRelation[]
  perPage: number
  page: number
  sort: { name: SortName; direction: SortDirection }
  soon: boolean
  random: boolean
  randomSeed: string | null
  favorite: boolean
  watchLater: boolean
  search: SearchTerms | null
  /** A search text was given but holds nothing searchable: the answer is empty. */
  emptySearch: boolean
  category: number | null
  models: number[]
  not: number[]
  limit: number | null
  featured: boolean
  /** The full catalog, or the tour (docs/age-assurance.md): part of every cache key. */
  variant: CatalogVariant
}

export function normalizeListQuery(kind: ListKind, input: ListQuery, variant: CatalogVariant = 'full'): NormalizedListQuery {
  const search = searchTerms(input.q)
  const limit = input.limit ?? null
  return {
    kind,
    locale: input.locale,
    relations: [...new Set(input.with ?? [])].sort(),
    perPage: limit ?? (input.per_page === undefined ? DEFAULT_PER_PAGE : normalizePerPage(input.per_page)),
    page: limit ? 1 : Math.max(1, Math.floor(Number.isFinite(input.page) ? input.page! : 1)),
    sort: normalizeSort(kind, input.sort_by, search !== null),
    soon: input.soon ?? false,
    random: input.random ?? false,
    randomSeed: input.random_persist === undefined ? null : String(input.random_persist),
    favorite: input.favorite ?? false,
    watchLater: input.watch_later ?? false,
    search,
    emptySearch: !search && !!input.q?.trim(),
    category: input.category ?? null,
    models: [...new Set(input.models ?? [])].sort((a, b) => a - b),
    not: [...new Set(input.not ?? [])].sort((a, b) => a - b),
    limit,
    featured: input.featured ?? false,
    variant,
  }
}

/** How one kind of item is listed: its table, visibility, sorts, search, columns and mapping. */
export interface ListSource<Row, Item> {
  kind: ListKind
  /** `<table> t`. */
  table: Sql
  /** The joins the requested relations need (on the page's rows only). */
  joins(query: NormalizedListQuery): Sql
  /** Rows anyone may see (released, or upcoming for `soon`). */
  visibility(query: NormalizedListQuery, now: Date): Sql[]
  /** Filters of the list query that apply to this kind (others are ignored). */
  filters(query: NormalizedListQuery): Sql[]
  /**
   * Text search, in two steps. `prepareSearch` is one small statement that turns the words into
   * what the list statements need (the full-text query with its typo alternatives, the items of
   * models whose name matches); `search` then gives the condition and the rank (higher is
   * better) with those as constants, so the planner can estimate how many rows match and pick
   * the cheaper plan (a newest-first index walk for a broad word, a bitmap for a rare one).
   */
  prepareSearch?(terms: SearchTerms): Sql
  search?(terms: SearchTerms, prepared: PreparedSearch | null): { condition: Sql; rank: Sql }
  /** The order of a sort, ending in a unique tie-break. */
  order(query: NormalizedListQuery): Sql
  /** The columns every order reads (a search keeps its matches with them, and their rank). */
  sortColumns: Sql
  /** The select list for the requested relations (the rank is added by the builder). */
  columns(query: NormalizedListQuery): Sql
  /** The caller's state table, if items of this kind can be rated, kept and favored. */
  state?: { table: string; column: string }
  map(row: Row, query: NormalizedListQuery, now: Date): Item
}

/** The result of a source's prepareSearch statement. */
export interface PreparedSearch {
  /** The full-text query as text (null when no word can match). */
  tsq: string | null
  /** Items of the models whose name matches. */
  ids: number[]
  /** From the search statistics: how many items the rarest word is in; null when never counted. */
  rarest?: number | null
}

export interface ListStatements {
  /** null when the list needs no count (a `limit` list, or a search). */
  count: Sql | null
  page: (page: number) => Sql
  /**
   * A search's page and count in one statement: its matches, up to SEARCH_COUNT_LIMIT, are
   * read once (index bitmap), ranked, counted, and the page taken from them. Each row has
   * `total`; with no row on the page, one row of nulls carries it. null when not a search.
   */
  searchPage: ((page: number) => Sql) | null
  /** The most rows the pages can reach (relevance ranks a bounded set of candidates). */
  reach: number
}

/** The statements of a list; the benchmark's bare baseline runs these same ones. */
export function listStatements<Row, Item>(
  source: ListSource<Row, Item>,
  q: NormalizedListQuery,
  now: Date,
  userId: number | null,
  prepared: PreparedSearch | null = null,
  /** A search's number of matches, counted or estimated: past RELEVANCE_EXACT_UP_TO only the newest candidates are ranked. */
  knownTotal?: number,
): ListStatements {
  const conditions = [...source.visibility(q, now), ...source.filters(q)]
  if (q.not.length) conditions.push(sql`t.id not in (${list(q.not)})`)
  if (q.favorite || q.watchLater) {
    if (!source.state || userId === null) throw new AppError('UNAUTHORIZED', 'unauthorized')
    const flag = raw(q.favorite ? 's.favorite' : 's.watch_later')
    const both = q.favorite && q.watchLater ? raw(' and s.watch_later') : raw('')
    conditions.push(
      sql`exists (select 1 from ${raw(source.state.table)} s where s.${raw(source.state.column)} = t.id and s.user_id = ${userId} and ${flag}${both})`,
    )
  }
  let rank: Sql | null = null
  if (q.search && source.search) {
    const search = source.search(q.search, prepared)
    conditions.push(search.condition)
    rank = search.rank
  }

  const newest = source.order({ ...q, sort: normalizeSort(q.kind, null) })
  const byRelevance = q.sort.name === 'relevance' && rank !== null && q.randomSeed === null && !q.random
  const capped = byRelevance && (knownTotal === undefined || knownTotal > RELEVANCE_EXACT_UP_TO)
  let order: Sql
  if (q.randomSeed !== null) order = sql`md5(t.id::text || ${q.randomSeed}), t.id`
  else if (q.random) order = raw('random()')
  else if (byRelevance) order = sql`rank desc, ${newest}`
  else order = source.order(q)

  const filter = where(conditions)
  // A broad search ranks its newest RELEVANCE_CANDIDATES matches: it then costs a short
  // walk down the newest-first index instead of ranking a tenth of the catalog.
  const matches = capped ? sql`(select t.* from ${source.table}${filter} order by ${newest} limit ${RELEVANCE_CANDIDATES}) t` : sql`${source.table}${filter}`
  const offset = (page: number) => (page - 1) * q.perPage
  return {
    count: q.limit || rank ? null : sql`select count(*)::int as total from ${source.table}${filter}`,
    // The page's ids first, from the table alone (index order, or the rank of the matches);
    // then the columns and relations of those rows only, in the same order.
    page: (page) => sql`select ${source.columns(q)}${rank ? raw(', page.rank') : raw('')}
      from (select t.id${rank ? sql`, ${rank} as rank` : raw('')} from ${matches}
            order by ${order} limit ${q.perPage} offset ${offset(page)}) page
      join ${source.table} on t.id = page.id ${source.joins(q)}
      order by ${order}`,
    searchPage: rank
      ? (page) => sql`with matches as materialized (
            select ${source.sortColumns}, ${rank} as rank from ${source.table}${filter} limit ${SEARCH_COUNT_LIMIT})
          select ${source.columns(q)}, page.rank, totals.total
            from (select count(*)::int as total from matches) totals
            left join ((select t.id, t.rank from matches t order by ${order} limit ${q.perPage} offset ${offset(page)}) page
              join ${source.table} on t.id = page.id ${source.joins(q)}) on true
           order by ${order}`
      : null,
    reach: capped ? RELEVANCE_CANDIDATES : Number.MAX_SAFE_INTEGER,
  }
}

export interface ListCaller {
  em: EntityManager
  now: Date
  userId: number | null
  /**
   * Where a list's total is kept between its pages (the catalog cache): every page of a list
   * has the same total, so a visitor or crawler paging through it counts it once. Without it
   * each page counts.
   */
  totalOf?: (count: () => Promise<number>) => Promise<number>
}

/**
 * The public part of a list: the same for every caller (no per-user filter), so it can be
 * cached. The page is clamped to the last page (spec section 4).
 */
export async function runList<Row, Item>(source: ListSource<Row, Item>, q: NormalizedListQuery, caller: ListCaller): Promise<ListResult<Item>> {
  if (q.emptySearch) return { items: [], meta: { total: 0, last_page: 1, page: 1, per_page: q.perPage } }
  if (q.search && !q.limit) return runSearch(source, q, caller)
  const prepared = q.search && source.prepareSearch ? ((await query<PreparedSearch>(caller.em, source.prepareSearch(q.search)))[0] ?? null) : null
  const statements = listStatements(source, q, caller.now, caller.userId, prepared)
  const run = (page: number) => query<Row>(caller.em, statements.page(page))
  if (!statements.count) {
    const rows = await run(1)
    return { items: rows.map((row) => source.map(row, q, caller.now)), meta: { total: rows.length, last_page: 1, page: 1, per_page: q.perPage } }
  }
  // The count and the asked page run side by side; only a page past the end is read again.
  const countStatement = statements.count
  const count = () => query<{ total: number }>(caller.em, countStatement).then((rows) => rows[0]?.total ?? 0)
  const [total, firstTry] = await settleBoth(caller.totalOf ? caller.totalOf(count) : count(), run(q.page))
  const reachable = Math.min(total, statements.reach)
  const page = clampPage(q.page, reachable, q.perPage)
  const rows = page === q.page ? firstTry : await run(page)
  return {
    items: rows.map((row) => source.map(row, q, caller.now)),
    meta: { total, last_page: lastPage(reachable, q.perPage), page, per_page: q.perPage },
  }
}

/**
 * A search. Its first statement resolves the words (typo corrections, model-name matches) and
 * reads from the search statistics how many items its rarest word is in. One broad word
 * (more than ESTIMATE_TRUSTED_ABOVE items) is not counted, since counting reads every matching
 * row: its total is the rounded estimate (meta.estimated) and its page ranks the newest
 * candidates; a page shorter than expected shows the statistics were off, and then it is
 * counted after all. Any other search is counted and paged in one statement, up to
 * SEARCH_COUNT_LIMIT matches; past that its page ranks the newest candidates too.
 */
async function runSearch<Row, Item>(source: ListSource<Row, Item>, q: NormalizedListQuery, caller: ListCaller): Promise<ListResult<Item>> {
  const prepared = source.prepareSearch ? ((await query<PreparedSearch>(caller.em, source.prepareSearch(q.search!)))[0] ?? null) : null
  const expected = prepared?.rarest == null ? null : prepared.rarest + prepared.ids.length
  const result = (rows: Row[], meta: ListResult<Item>['meta']): ListResult<Item> => ({ items: rows.map((row) => source.map(row, q, caller.now)), meta })
  /** The page of the newest candidates, for a search with (about) `total` matches. */
  const broad = async (total: number) => {
    const statements = listStatements(source, q, caller.now, caller.userId, prepared, total)
    const reachable = Math.min(total, statements.reach)
    const page = clampPage(q.page, reachable, q.perPage)
    const rows = await query<Row>(caller.em, statements.page(page))
    const short = rows.length < Math.min(q.perPage, reachable - (page - 1) * q.perPage)
    return { rows, short, meta: { total, last_page: lastPage(reachable, q.perPage), page, per_page: q.perPage } }
  }

  if (expected !== null && q.search!.words.length === 1 && expected > ESTIMATE_TRUSTED_ABOVE) {
    const estimated = await broad(roundEstimate(expected))
    if (!estimated.short) return result(estimated.rows, { ...estimated.meta, estimated: true })
  }
  const statements = listStatements(source, q, caller.now, caller.userId, prepared)
  const read = (page: number) => indexedOnly(caller.em, (em) => query<Row & { total: number }>(em, statements.searchPage!(page)))
  let rows = await read(q.page)
  const total = rows[0]?.total ?? 0
  if (total >= SEARCH_COUNT_LIMIT) {
    const many = await broad(total)
    return result(many.rows, many.meta)
  }
  const page = clampPage(q.page, total, q.perPage)
  if (page !== q.page) rows = await read(page)
  const onPage = rows.filter((row) => (row as { id?: number | null }).id != null)
  return result(onPage, { total, last_page: lastPage(total, q.perPage), page, per_page: q.perPage })
}

/**
 * Runs statements that must read the table through its indexes: with a limit in a statement,
 * the planner likes to scan the table and test every row, which for a search costs ten times
 * as much as the index bitmap.
 */
function indexedOnly<T>(em: EntityManager, run: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await tx.getConnection().execute('set local enable_seqscan = off', [], 'run', tx.getTransactionContext())
    return run(tx as EntityManager)
  })
}

/**
 * Both results, or the first failure once both have settled: no statement is left running
 * (and holding a pooled connection) after the request has already failed.
 */
async function settleBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [ra, rb] = await Promise.allSettled([a, b])
  if (ra.status === 'rejected') throw ra.reason
  if (rb.status === 'rejected') throw rb.reason
  return [ra.value, rb.value]
}

/** The caller's rating, favorite, watch-later and view flags for the given items. */
async function loadStates(em: EntityManager, table: { table: string; column: string }, userId: number, ids: number[]): Promise<Map<number, UserItemState>> {
  if (!ids.length) return new Map()
  const rows = await query<{ id: number; rating: Rating | null; favorite: boolean; watch_later: boolean; view: boolean }>(
    em,
    sql`select ${raw(table.column)} as id, rating, favorite, watch_later, viewed_at is not null as view
        from ${raw(table.table)} where user_id = ${userId} and ${raw(table.column)} in (${list(ids)})`,
  )
  return new Map(rows.map((row) => [row.id, { rating: row.rating, favorite: row.favorite, watchLater: row.watch_later, view: row.view }]))
}

/** Adds `state` to each item (copies; cached items stay untouched). Visitors get null. */
export async function withStates<Item extends { id: number }>(
  em: EntityManager,
  table: { table: string; column: string } | undefined,
  userId: number | null,
  items: Item[],
): Promise<Array<Item & { state: UserItemState | null }>> {
  if (!table || userId === null) return items.map((item) => ({ ...item, state: null }))
  const states = await loadStates(
    em,
    table,
    userId,
    items.map((item) => item.id),
  )
  return items.map((item) => ({ ...item, state: states.get(item.id) ?? EMPTY_STATE }))
}
