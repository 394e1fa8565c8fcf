/**
 * robots.txt and the sitemaps: an index of one sitemap per locale, kind and block of at most
 * 50,000 URLs, each URL with its language alternates (xhtml:link) and, for videos, Google's
 * video extension. Released items only; the answers are cached with the rendered pages and
 * dropped with them when the catalog changes (a release included).
 */
import type { FastifyInstance } from 'fastify'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import type { ImageRef, LocalizedText } from '../../core/db/entities/types.js'
import { LOCALES, isLocale, localize, type Locale } from '../../core/domain/locale.js'
import type { CatalogCache } from '../../core/services/catalog/cache.js'
import { toPicture, type CatalogVariant } from '../../core/services/catalog/dto.js'
import { accessVariant } from '../../core/domain/age/access.js'
import { released } from '../../core/services/catalog/released.js'
import { absoluteMediaUrl, publicMediaUrl } from '../../core/services/media/public-urls.js'

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000

const SITEMAP_KINDS = ['videos', 'images', 'models', 'categories'] as const
type SitemapKind = (typeof SITEMAP_KINDS)[number]

const TABLE: Record<SitemapKind, { table: string; releasedOnly: boolean }> = {
  videos: { table: 'video', releasedOnly: true },
  images: { table: 'image_set', releasedOnly: true },
  models: { table: 'performer', releasedOnly: false },
  categories: { table: 'category', releasedOnly: false },
}

/** Paths the robots should leave alone: personal pages, forms and the API. */
const DISALLOWED = [
  '/account',
  '/favorites',
  '/watch-later',
  '/login',
  '/sign-up',
  '/verify-email',
  '/demo-checkout',
  '/demo-card-check',
  '/trpc/',
  '/protected/',
  '/download/',
  '/*/search/',
]

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}

async function countOf(em: EntityManager, kind: SitemapKind): Promise<number> {
  const { table, releasedOnly } = TABLE[kind]
  const [row] = await em
    .getConnection()
    .execute<Array<{ count: string }>>(`select count(*) as count from ${table} t${releasedOnly ? ` where ${released('t')}` : ''}`)
  return Number(row?.count ?? 0)
}

/** The index: one sitemap per locale, kind and block of SITEMAP_MAX_URLS. */
async function sitemapIndex(em: EntityManager, publicUrl: string, now: Date): Promise<string> {
  const entries: string[] = []
  for (const kind of SITEMAP_KINDS) {
    const blocks = Math.ceil((await countOf(em, kind)) / SITEMAP_MAX_URLS)
    for (const locale of LOCALES) {
      for (let block = 1; block <= blocks; block++) {
        entries.push(
          `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${locale}/${kind}-${block}.xml`)}</loc><lastmod>${now.toISOString()}</lastmod></sitemap>`,
        )
      }
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
}

interface SitemapRow {
  id: number
  title: LocalizedText | null
  description: LocalizedText | null
  published_at: Date | string | null
  duration_seconds: number | null
  poster: ImageRef | ImageRef[] | null
  preview_clip: string | null
}

function rowsSql(kind: SitemapKind): string {
  switch (kind) {
    case 'videos':
      return `select t.id, t.title, t.description, coalesce(t.publish_at, t.released_at) as published_at, t.duration_seconds,
                t.media->'poster' as poster, t.media->>'previewClip' as preview_clip
              from video t where ${released('t')} order by t.id limit ? offset ?`
    case 'images':
      return `select t.id, t.title, t.description, coalesce(t.publish_at, t.released_at) as published_at, null as duration_seconds,
                t.media->'previews'->0 as poster, null as preview_clip
              from image_set t where ${released('t')} order by t.id limit ? offset ?`
    case 'models':
    case 'categories':
      return `select t.id, null as title, null as description, null as published_at, null as duration_seconds, null as poster, null as preview_clip
              from ${TABLE[kind].table} t order by t.id limit ? offset ?`
  }
}

/** The page path of an item after the locale (models open on their videos, categories too). */
function itemPath(kind: SitemapKind, id: number): string {
  if (kind === 'models') return `models/${id}?type=videos`
  if (kind === 'categories') return `categories/${id}/videos`
  return `${kind}/${id}`
}

/**
 * One sitemap: the released items of a kind in one locale, block `block` (from 1). The tour's
 * (a search engine gets what a visitor of its place gets: docs/age-assurance.md) lists the same
 * pages without Google's video extension: it would name the poster, the title and the clip.
 */
async function sitemap(
  em: EntityManager,
  publicUrl: string,
  locale: Locale,
  kind: SitemapKind,
  block: number,
  variant: CatalogVariant = 'full',
): Promise<string | null> {
  const rows = await em.getConnection().execute<SitemapRow[]>(rowsSql(kind), [SITEMAP_MAX_URLS, (block - 1) * SITEMAP_MAX_URLS])
  if (!rows.length && block > 1) return null
  const url = (lang: Locale | 'x-default', path: string) => `${publicUrl}/${lang === 'x-default' ? 'de' : lang}/${path}`
  const entries = rows.map((row) => {
    const path = itemPath(kind, row.id)
    const alternates = [...LOCALES, 'x-default' as const]
      .map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(url(lang, path))}"/>`)
      .join('')
    const video = kind === 'videos' && variant === 'full' ? videoEntry(row, locale, publicUrl) : ''
    const lastmod = row.published_at ? `<lastmod>${new Date(row.published_at).toISOString()}</lastmod>` : ''
    return `<url><loc>${escapeXml(url(locale, path))}</loc>${lastmod}${alternates}${video}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
${entries.join('\n')}
</urlset>
`
}

/**
 * Google's video extension. The full video is for members, so the content location is the
 * public preview clip; a video without its thumbnail or clip yet is listed as a plain page.
 */
function videoEntry(row: SitemapRow, locale: Locale, publicUrl: string): string {
  const title = localize(row.title, locale)
  const thumbnail = toPicture(row.poster, title)
  const clip = publicMediaUrl(row.preview_clip)
  if (!thumbnail || !clip) return ''
  const description = (localize(row.description, locale) || title).slice(0, 2048)
  return [
    '<video:video>',
    `<video:thumbnail_loc>${escapeXml(absoluteMediaUrl(thumbnail.src, publicUrl))}</video:thumbnail_loc>`,
    `<video:title>${escapeXml(title.slice(0, 100))}</video:title>`,
    `<video:description>${escapeXml(description)}</video:description>`,
    `<video:content_loc>${escapeXml(absoluteMediaUrl(clip, publicUrl))}</video:content_loc>`,
    row.duration_seconds ? `<video:duration>${Math.max(1, Math.round(row.duration_seconds))}</video:duration>` : '',
    row.published_at ? `<video:publication_date>${new Date(row.published_at).toISOString()}</video:publication_date>` : '',
    '<video:family_friendly>no</video:family_friendly>',
    '</video:video>',
  ].join('')
}

export function registerSitemaps(app: FastifyInstance, { config, orm, pageCache }: { config: Config; orm: Orm; pageCache: CatalogCache }): void {
  const xml = (body: string) => ({ body, type: 'application/xml; charset=utf-8' })
  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config.publicUrl)),
  )

  app.get('/sitemap.xml', async (_req, reply) => {
    const { body, type } = await pageCache.getOrLoad('sitemap:index', async () => xml(await sitemapIndex(orm.em.fork(), config.publicUrl, new Date())))
    return reply.type(type).header('cache-control', 'public, max-age=300').send(body)
  })

  app.get<{ Params: { locale: string; file: string } }>('/sitemaps/:locale/:file', async (req, reply) => {
    const match = /^(videos|images|models|categories)-([1-9]\d{0,4})\.xml$/.exec(req.params.file)
    if (!match || !isLocale(req.params.locale)) return reply.callNotFound()
    const [, kind, block] = match as unknown as [string, SitemapKind, string]
    const locale = req.params.locale
    const variant = accessVariant(req.ageAccess)
    const body = await pageCache.getOrLoad(`sitemap:${locale}:${kind}:${block}:${variant}`, () =>
      sitemap(orm.em.fork(), config.publicUrl, locale, kind, Number(block), variant),
    )
    if (body === null) return reply.callNotFound()
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body)
  })
}
