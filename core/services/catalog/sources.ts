/**
 * The four catalog lists as ListSources of the shared builder: videos, image sets, models and
 * categories. Each says only what differs: table, columns, sorts and filters that apply.
 */
import type { SearchTerms } from '../../domain/catalog/search.js'
import {
  toCategoryItem,
  toImageSetItem,
  toModelItem,
  toVideoItem,
  type CategoryItem,
  type CategoryRow,
  type ImageSetItem,
  type ImageSetRow,
  type ModelItem,
  type ModelRow,
  type VideoItem,
  type VideoRow,
} from './dto.js'
import type { ListSource, NormalizedListQuery } from './list-query.js'
import { rarestWordItems } from './search-statistics.js'
import { join, list, raw, sql, type Sql } from '../../db/sql.js'
import { awaitingRelease, released } from './released.js'

const dir = (q: NormalizedListQuery) => raw(q.sort.direction)

/** A model as a JSON object for relation columns. */
const modelJson = (alias: string) => `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'avatar', ${alias}.avatar)`

/**
 * Models whose name is like one of the words: found by the trigram index (similarity 0.3),
 * kept when really close (0.45), so "Lenna" finds Lena but not every name sharing a syllable.
 */
function modelNameMatches(alias: string, terms: SearchTerms): Sql {
  const name = raw(`lower(${alias}.first_name)`)
  return sql`(${join(
    terms.words.map((word) => sql`(${name} % ${word} and similarity(${name}, ${word}) >= 0.45)`),
    ' or ',
  )})`
}

/** The most items a model-name match adds to a search (a common name stays cheap). */
const MAX_MODEL_ITEMS = 500

/** A text value as a quoted tsquery lexeme, in SQL. */
const lexeme = (expression: string) => `'''' || replace(${expression}, '''', '''''') || ''''`

/**
 * The search's words as a relation `words(n, word, prefix, close)`: each word, whether it is
 * matched as a prefix (the last word only: the earlier ones were typed out, and a prefix of a
 * common word costs the index a scan of every longer word), and, unless it is a title word
 * itself, the three closest title words of the dictionary (its typo corrections: "penthouse"
 * must not also find "house").
 */
function searchWords(terms: SearchTerms): Sql {
  return sql`words as materialized (
      select w.n, w.word, w.n = ${terms.words.length} as prefix,
        case when exists (select 1 from search_term where term = w.word) then '{}'::text[]
          else array(select term from search_term where term % w.word order by similarity(term, w.word) desc, term limit 3)::text[] end as close
        from unnest(array[${list(terms.words)}]::text[]) with ordinality as w(word, n))`
}

/**
 * The full-text query of a search over `words`: every word must match, as typed (or typed so
 * far, for the last word) or as one of its corrections.
 */
const searchQuery = raw(`(select to_tsquery('simple', string_agg('(' || concat_ws(' | ', ${lexeme('word')} || case when prefix then ':*' else '' end,
      (select string_agg(${lexeme('c')}, ' | ') from unnest(close) c where c <> word)) || ')', ' & ' order by n)) from words)`)

interface ContentTable {
  table: 'video' | 'image_set'
  pivot: 'video_model' | 'image_set_model'
  pivotColumn: 'video_id' | 'image_set_id'
  stateTable: 'video_state' | 'image_set_state'
  /** Column of the "longest" sort. */
  longest: 'duration_seconds' | 'images_count'
  /** Columns of this kind besides the shared ones. */
  ownColumns: string
  /** The featured preview: the poster widths, or the first collage picture. */
  posterColumn: string
}

/** What videos and image sets share: visibility, filters, search, sorts, relations. */
function contentSource<Row, Item>(spec: ContentTable, kind: 'videos' | 'imageSets', map: ListSource<Row, Item>['map']): ListSource<Row, Item> {
  const published = raw('coalesce(t.publish_at, t.released_at)')
  const pivotModels = (condition: Sql) => sql`exists (select 1 from ${raw(spec.pivot)} m where m.${raw(spec.pivotColumn)} = t.id and ${condition})`
  return {
    kind,
    state: { table: spec.stateTable, column: spec.pivotColumn },
    table: raw(`${spec.table} t`),
    joins(q) {
      const joins: Sql[] = []
      if (q.relations.includes('featured_model')) joins.push(raw('left join performer fm on fm.id = t.featured_model_id'))
      if (q.relations.includes('category')) joins.push(raw('left join category c on c.id = t.category_id'))
      return join(joins, ' ')
    },
    visibility(q, now) {
      // Released items; or, for coming soon, items whose publish time is still ahead.
      return q.soon ? [sql`t.publish_at > ${now.toISOString()}::timestamptz`, raw(awaitingRelease('t'))] : [raw(released('t'))]
    },
    filters(q) {
      const conditions: Sql[] = []
      if (q.category !== null) conditions.push(sql`t.category_id = ${q.category}`)
      if (q.models.length) conditions.push(pivotModels(sql`m.model_id in (${list(q.models)})`))
      return conditions
    },
    prepareSearch(terms) {
      // The matching models first (trigram index; their likes are read from the table, so the
      // planner cannot answer from a name index by testing every name), then their items
      // (pivot index), the most liked models' first.
      // How many items the rarest word is in comes from the search statistics (no item row is read).
      return sql`with names as materialized (select p.id, p.likes from performer p where ${modelNameMatches('p', terms)}),
        ${searchWords(terms)}
        select ${searchQuery}::text as tsq,
          array(select m.${raw(spec.pivotColumn)} from ${raw(spec.pivot)} m join names n on n.id = m.model_id
                order by n.likes desc, m.${raw(spec.pivotColumn)} desc limit ${MAX_MODEL_ITEMS}) as ids,
          ${rarestWordItems(spec.table)} as rarest`
    },
    search(_terms, prepared) {
      const text = prepared?.tsq ? sql`t.search_vector @@ ${prepared.tsq}::tsquery` : null
      const byModel = prepared?.ids.length ? sql`t.id in (${list(prepared.ids)})` : null
      const parts = [text, byModel].filter((part): part is Sql => part !== null)
      if (!parts.length) return { condition: raw('false'), rank: raw('0') }
      const rank = [
        ...(text ? [sql`ts_rank(t.search_vector, ${prepared!.tsq}::tsquery)`] : []),
        ...(byModel ? [sql`case when ${byModel} then 0.5 else 0 end`] : []),
      ]
      return { condition: sql`(${join(parts, ' or ')})`, rank: sql`(${join(rank, ' + ')})` }
    },
    sortColumns: raw(`t.id, t.publish_at, t.released_at, t.views, t.likes, t.${spec.longest}`),
    order(q) {
      const d = dir(q)
      // Coming soon: the next release first.
      if (q.soon && q.sort.name === 'newest') return sql`t.publish_at ${raw(q.sort.direction === 'desc' ? 'asc' : 'desc')}, t.id`
      switch (q.sort.name) {
        case 'most_watched':
          return sql`t.views ${d}, t.id ${d}`
        case 'best_rated':
          return sql`t.likes ${d}, t.id ${d}`
        case 'longest':
          return sql`t.${raw(spec.longest)} ${d}, t.id ${d}`
        default:
          return sql`${published} ${d}, t.id ${d}`
      }
    },
    columns(q) {
      const columns = [
        raw(
          `t.id, t.title, ${q.variant === 'tour' ? 't.tour_title, ' : ''}t.likes, t.dislikes, t.views, t.publish_at, coalesce(t.publish_at, t.released_at) as published_at, ${spec.ownColumns}`,
        ),
      ]
      if (q.relations.includes('featured_preview')) columns.push(raw(`${spec.posterColumn} as poster`))
      if (q.relations.includes('featured_model')) columns.push(raw(`case when fm.id is null then null else ${modelJson('fm')} end as featured_model`))
      if (q.relations.includes('category'))
        columns.push(raw(`case when c.id is null then null else json_build_object('id', c.id, 'title', c.title) end as category`))
      if (q.relations.includes('models')) {
        columns.push(
          raw(`(select coalesce(json_agg(${modelJson('p')} order by m.position, p.id), '[]') from ${spec.pivot} m
                join performer p on p.id = m.model_id where m.${spec.pivotColumn} = t.id) as models`),
        )
      }
      return join(columns, ', ')
    },
    map,
  }
}

export const videoSource: ListSource<VideoRow, VideoItem> = contentSource<VideoRow, VideoItem>(
  {
    table: 'video',
    pivot: 'video_model',
    pivotColumn: 'video_id',
    stateTable: 'video_state',
    longest: 'duration_seconds',
    ownColumns: `t.duration_seconds, t.highest_resolution, t.media->>'previewClip' as preview_clip, t.media->>'thumbnailClip' as thumbnail_clip`,
    posterColumn: `t.media->'poster'`,
  },
  'videos',
  (row, q, now) => toVideoItem(row, q.locale, now, q.variant),
)

export const imageSetSource: ListSource<ImageSetRow, ImageSetItem> = contentSource<ImageSetRow, ImageSetItem>(
  {
    table: 'image_set',
    pivot: 'image_set_model',
    pivotColumn: 'image_set_id',
    stateTable: 'image_set_state',
    longest: 'images_count',
    ownColumns: 't.images_count, t.members_only',
    posterColumn: `t.media->'previews'->0`,
  },
  'imageSets',
  (row, q, now) => toImageSetItem(row, q.locale, now, q.variant),
)

export const modelSource: ListSource<ModelRow, ModelItem> = {
  kind: 'models',
  state: { table: 'model_state', column: 'model_id' },
  table: raw('performer t'),
  joins: () => raw(''),
  visibility: () => [],
  filters: () => [],
  search(terms) {
    const condition = sql`(${modelNameMatches('t', terms)} or lower(t.first_name) like ${`${terms.words[0]}%`})`
    return { condition, rank: sql`similarity(lower(t.first_name), ${terms.text})` }
  },
  sortColumns: raw('t.id, t.created_at, t.likes, t.first_name'),
  order(q) {
    const d = dir(q)
    switch (q.sort.name) {
      case 'best_rated':
        return sql`t.likes ${d}, t.id ${d}`
      case 'alphabetic':
        return sql`t.first_name ${d}, t.id ${d}`
      default:
        return sql`t.created_at ${d}, t.id ${d}`
    }
  },
  columns: () => raw('t.id, t.first_name, t.birth_date::text as birth_date, t.likes, t.dislikes, t.avatar, t.preview_thumbnail, t.nationality'),
  map: (row, q, now) => toModelItem(row, q.locale, now, q.variant),
}

export const categorySource: ListSource<CategoryRow, CategoryItem> = {
  kind: 'categories',
  table: raw('category t'),
  joins: () => raw(''),
  visibility: () => [],
  filters: (q) => (q.featured ? [raw('t.featured')] : []),
  order: (q) => sql`t.sort_order ${dir(q)}, t.id ${dir(q)}`,
  sortColumns: raw('t.id, t.sort_order'),
  columns: () => raw('t.id, t.slug, t.title, t.description, t.logo, t.preview, t.featured'),
  map: (row, q) => toCategoryItem(row, q.locale, q.variant),
}
