/**
 * A large synthetic catalog for benchmarks, made in SQL (generate_series) so 100,000 videos
 * take seconds, not minutes: rows only, every item released, with generated titles in five
 * languages. Items share the media of the demo catalog when there is one.
 */
import type pg from 'pg'
import { CATEGORIES, PLACES, TIMES } from './words.js'
import { GENITAL_AREAS, NATIONALITIES, PREFERENCES, ZODIAC_SIGNS } from '../../core/domain/catalog/model-facts.js'
import { LOCALES } from '../../core/domain/locale.js'

export interface BulkSize {
  videos: number
  imageSets: number
  models: number
}

/** Adjectives in front of the demo vocabulary give 20 × 12 × 8 = 1,920 distinct titles. */
const ADJECTIVES: Array<Record<(typeof LOCALES)[number], string>> = [
  { en: 'Golden', de: 'Goldene', es: 'Dorada', fr: 'Dorée', it: 'Dorata' },
  { en: 'Quiet', de: 'Stille', es: 'Tranquila', fr: 'Calme', it: 'Tranquilla' },
  { en: 'Secret', de: 'Geheime', es: 'Secreta', fr: 'Secrète', it: 'Segreta' },
  { en: 'Lazy', de: 'Träge', es: 'Perezosa', fr: 'Paresseuse', it: 'Pigra' },
  { en: 'Warm', de: 'Warme', es: 'Cálida', fr: 'Chaude', it: 'Calda' },
  { en: 'Velvet', de: 'Samtige', es: 'Aterciopelada', fr: 'Veloutée', it: 'Vellutata' },
  { en: 'Bright', de: 'Helle', es: 'Luminosa', fr: 'Lumineuse', it: 'Luminosa' },
  { en: 'Hidden', de: 'Verborgene', es: 'Escondida', fr: 'Cachée', it: 'Nascosta' },
  { en: 'Silver', de: 'Silberne', es: 'Plateada', fr: 'Argentée', it: 'Argentata' },
  { en: 'Wild', de: 'Wilde', es: 'Salvaje', fr: 'Sauvage', it: 'Selvaggia' },
  { en: 'Slow', de: 'Langsame', es: 'Lenta', fr: 'Lente', it: 'Lenta' },
  { en: 'Private', de: 'Private', es: 'Privada', fr: 'Privée', it: 'Privata' },
  { en: 'Summer', de: 'Sommerliche', es: 'Veraniega', fr: 'Estivale', it: 'Estiva' },
  { en: 'Misty', de: 'Neblige', es: 'Brumosa', fr: 'Brumeuse', it: 'Nebbiosa' },
  { en: 'Sunny', de: 'Sonnige', es: 'Soleada', fr: 'Ensoleillée', it: 'Soleggiata' },
  { en: 'Crimson', de: 'Purpurne', es: 'Carmesí', fr: 'Pourpre', it: 'Cremisi' },
  { en: 'Gentle', de: 'Sanfte', es: 'Suave', fr: 'Douce', it: 'Dolce' },
  { en: 'Electric', de: 'Elektrische', es: 'Eléctrica', fr: 'Électrique', it: 'Elettrica' },
  { en: 'Lost', de: 'Verlorene', es: 'Perdida', fr: 'Perdue', it: 'Perduta' },
  { en: 'Endless', de: 'Endlose', es: 'Infinita', fr: 'Infinie', it: 'Infinita' },
]

/** 20 × 20 × 25 syllables: 10,000 distinct model names. */
const SYLLABLES = [
  ['Ka', 'Le', 'Mi', 'Na', 'Ro', 'Sa', 'Ta', 'Vi', 'Ja', 'Li', 'Ma', 'No', 'Ra', 'Se', 'Te', 'Va', 'Ze', 'Al', 'El', 'An'],
  ['ri', 'la', 'na', 'mi', 'ra', 'le', 'ni', 'sa', 'ti', 'ka', 'li', 'ne', 'ro', 'va', 'di', 'lo', 'ma', 'si', 'ta', 'ya'],
  [
    'a',
    'e',
    'na',
    'ra',
    'la',
    'ne',
    'ta',
    'sa',
    'ka',
    'ja',
    'ia',
    'ea',
    'ina',
    'ela',
    'ana',
    'ira',
    'ona',
    'ara',
    'ima',
    'ita',
    'ola',
    'una',
    'ena',
    'ika',
    'iva',
  ],
]

const arr = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`

/** SQL building a LocalizedText title for row number i (adjective, place, time, then a part number). */
function titleSql(i: string): string {
  const parts = LOCALES.map((locale) => {
    const adjective = `(${arr(ADJECTIVES.map((a) => a[locale]))})[1 + ${i} % ${ADJECTIVES.length}]`
    const place = `(${arr(PLACES.map((p) => p[locale]))})[1 + (${i} / ${ADJECTIVES.length}) % ${PLACES.length}]`
    const time = `(${arr(TIMES.map((t) => t[locale]))})[1 + (${i} / ${ADJECTIVES.length * PLACES.length}) % ${TIMES.length}]`
    const part = `case when ${i} >= ${ADJECTIVES.length * PLACES.length * TIMES.length} then ' ' || (1 + ${i} / ${ADJECTIVES.length * PLACES.length * TIMES.length}) else '' end`
    return `'${locale}', ${adjective} || ' ' || ${place} || ' ' || ${time} || ${part}`
  })
  return `jsonb_build_object(${parts.join(', ')})`
}

function descriptionSql(title: string, text: Record<string, string>): string {
  return `jsonb_build_object(${LOCALES.map((l) => `'${l}', (${title})->>'${l}' || '${text[l]!.replace(/'/g, "''")}'`).join(', ')})`
}

const VIDEO_TEXT = {
  en: ': an exclusive scene in natural light.',
  de: ': eine exklusive Szene bei natürlichem Licht.',
  es: ': una escena exclusiva con luz natural.',
  fr: ' : une scène exclusive en lumière naturelle.',
  it: ': una scena esclusiva con luce naturale.',
}
const SET_TEXT = {
  en: ': a photo series in full resolution.',
  de: ': eine Fotoserie in voller Auflösung.',
  es: ': una serie de fotos en resolución completa.',
  fr: ' : une série de photos en pleine résolution.',
  it: ': una serie di foto in piena risoluzione.',
}

export async function seedBulk(client: pg.Client, size: BulkSize, log: (line: string) => void = () => undefined): Promise<void> {
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now()
    const result = await client.query(sql, params)
    log(`${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }

  const categories = await client.query<{ count: number }>('select count(*)::int as count from category')
  if (categories.rows[0]!.count === 0) {
    for (const [index, c] of CATEGORIES.entries()) {
      await client.query(`insert into category (slug, title, description, featured, sort_order, created_at) values ($1, $2, $3, $4, $5, now())`, [
        c.slug,
        c.title,
        c.description,
        index < 5,
        index,
      ])
    }
  }

  // Shared media: the first demo items' pictures (the media pipeline made them), else none.
  const sample = await client.query<{ video: unknown; set: unknown; avatar: unknown; preview: unknown; thumb: unknown }>(
    `select (select media from video where media->'poster' <> '[]'::jsonb order by id limit 1) as video,
            (select media from image_set where media->'previews' <> '[]'::jsonb order by id limit 1) as set,
            (select avatar from performer where avatar is not null order by id limit 1) as avatar,
            (select preview from performer where preview is not null order by id limit 1) as preview,
            (select preview_thumbnail from performer where preview_thumbnail is not null order by id limit 1) as thumb`,
  )
  const media = sample.rows[0]!
  const emptyVideo = { poster: [], stills: [], previewClip: null, thumbnailClip: null, master: null, ladder: [], download: null }

  await client.query('begin')
  const firstModel = (await client.query<{ id: number }>(`select coalesce(max(id), 0) + 1 as id from performer`)).rows[0]!.id
  await step(
    'models',
    `insert into performer (first_name, birth_date, description, bio, alt, avatar, preview, preview_thumbnail, cup_size, genital_area,
        height_cm, weight_kg, nationality, zodiac, preferences, likes, dislikes, views, created_at)
     select
       (${arr(SYLLABLES[0]!)})[1 + i % 20] || (${arr(SYLLABLES[1]!)})[1 + (i / 20) % 20] || (${arr(SYLLABLES[2]!)})[1 + (i / 400) % 25],
       (current_date - ((21 + i % 18) * 365 + i % 300) * interval '1 day')::date,
       '{"en": "Loves travelling, good food and long evenings with friends.", "de": "Liebt Reisen, gutes Essen und lange Abende mit Freunden."}'::jsonb,
       '{"en": "Started modelling after university.", "de": "Hat nach dem Studium mit dem Modeln angefangen."}'::jsonb,
       '{"en": "Portrait", "de": "Porträt"}'::jsonb,
       $1::jsonb, $2::jsonb, $3::jsonb,
       (array['A','B','C','D','E'])[1 + i % 5],
       (${arr([...GENITAL_AREAS])})[1 + i % ${GENITAL_AREAS.length}],
       152 + i % 30, 46 + i % 26,
       (${arr([...NATIONALITIES])})[1 + i % ${NATIONALITIES.length}],
       (${arr([...ZODIAC_SIGNS])})[1 + i % ${ZODIAC_SIGNS.length}],
       array[(${arr([...PREFERENCES])})[1 + i % ${PREFERENCES.length}], (${arr([...PREFERENCES])})[1 + (i * 7) % ${PREFERENCES.length}]],
       (i * 7919) % 1000, (i * 1049) % 60, (i * 31) % 50000,
       now() - (i % 1000) * interval '1 day' - i * interval '1 second'
     from generate_series(0, $4::int - 1) i`,
    [JSON.stringify(media.avatar), JSON.stringify(media.preview), JSON.stringify(media.thumb), size.models],
  )
  const models = (await client.query<{ count: number }>('select count(*)::int as count from performer')).rows[0]!.count

  for (const kind of ['video', 'image_set'] as const) {
    const count = kind === 'video' ? size.videos : size.imageSets
    if (!count) continue
    const first = (await client.query<{ id: number }>(`select coalesce(max(id), 0) + 1 as id from ${kind}`)).rows[0]!.id
    const own =
      kind === 'video'
        ? { columns: 'duration_seconds, resolutions, highest_resolution', values: `300 + (i * 37) % 2400, array['sd','hd','fhd'], 'fhd'` }
        : { columns: 'images_count, members_only', values: '12 + i % 40, true' }
    const title = titleSql('i')
    await step(
      kind === 'video' ? 'videos' : 'image sets',
      `insert into ${kind} (title, description, publish_at, released_at, downloadable, likes, dislikes, views, media_status, media_key,
          created_at, updated_at, category_id, featured_model_id, media, ${own.columns})
       select ${title}, ${descriptionSql(title, kind === 'video' ? VIDEO_TEXT : SET_TEXT)},
         now() - i * interval '17 minutes', now(), i % 7 <> 0,
         (i * 7919) % 5000, (i * 1049) % 300, (i * 3137) % 200000, 'ready', md5('${kind}-bulk-' || $3::int || '-' || i),
         now(), now(),
         (select id from category order by id offset (i % (select count(*) from category)) limit 1),
         1 + (i * 7) % $2::int, $1::jsonb, ${own.values}
       from generate_series(0, $4::int - 1) i`,
      [JSON.stringify(kind === 'video' ? (media.video ?? emptyVideo) : (media.set ?? { previews: [], archive: null })), models, first, count],
    )
    const pivot = kind === 'video' ? 'video_model' : 'image_set_model'
    const column = kind === 'video' ? 'video_id' : 'image_set_id'
    // 1 to 3 models per item: the featured one first, then neighbours by a stride.
    await step(
      `${pivot}`,
      `insert into ${pivot} (${column}, model_id, position)
       select t.id, 1 + ((t.featured_model_id - 1 + k * 997) % $2::int), k
       from ${kind} t cross join generate_series(0, 2) k
       where t.id >= $1::int and k <= t.id % 3
       on conflict do nothing`,
      [first, models],
    )
  }
  await client.query('commit')
  // Statistics for the planner, and the visibility map for index-only counts.
  await step('vacuum analyze', 'vacuum analyze')
  await client.query(`select pg_notify('catalog_changed', 'bulk seed')`)
  log(`models start at id ${firstModel}`)
}
