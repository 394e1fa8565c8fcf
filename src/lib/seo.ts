/**
 * The head of every page for search engines and link previews: title, description, canonical,
 * the language alternates, Open Graph and Twitter cards, and structured data (JSON-LD). Routes
 * call `pageHead` from their `head()`; the router writes it on the server and keeps it in step
 * on client-side navigation.
 */
import type { AnyRouteMatch } from '@tanstack/react-router'
import { LOCALES, type Locale } from '../../core/domain/locale.js'
import type { TranslationFunctions } from '../../i18n/i18n-types.js'
import { translations } from './locale'
import type { PageEnvironment } from './page-environment'

type MetaKey = Exclude<keyof TranslationFunctions['meta'], 'titleSuffix' | 'description'>

interface SeoImage {
  /** Site-relative or absolute. */
  src: string
  width?: number
  height?: number
  alt?: string
}

export interface PageHeadInput {
  env: PageEnvironment
  locale: Locale
  /** The path after the locale, without slashes around it: '' (home), 'videos', 'videos/12'. */
  path: string
  /** The page's own title; undefined is the home page's title. */
  title?: string
  description?: string
  image?: SeoImage | null
  type?: 'website' | 'video.other' | 'profile'
  /** Structured data (schema.org objects). */
  jsonLd?: object[]
  /** Pages that are nobody's search result (account, login, errors). */
  noindex?: boolean
}

export type HeadResult = { meta: NonNullable<AnyRouteMatch['meta']>; links: NonNullable<AnyRouteMatch['links']> }

export function absoluteUrl(env: PageEnvironment, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${env.publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** The URL of a localized page: /{locale}/{path}. */
export function localizedUrl(env: PageEnvironment, locale: Locale | 'x-default', path: string): string {
  const lang = locale === 'x-default' ? 'de' : locale
  return absoluteUrl(env, `/${[lang, path].filter(Boolean).join('/')}`)
}

export function pageHead({ env, locale, path, title, description, image, type = 'website', jsonLd = [], noindex }: PageHeadInput): HeadResult {
  const t = translations(locale)
  const fullTitle = title ? t.meta.titleSuffix({ title }) : t.meta.home()
  const text = (description?.trim() || t.meta.description()).replace(/\s+/g, ' ').slice(0, 300)
  const canonical = localizedUrl(env, locale, path)
  const picture = image ? { ...image, src: absoluteUrl(env, image.src) } : null
  const meta: HeadResult['meta'] = [
    { title: fullTitle },
    { name: 'description', content: text },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: 'Streamclub' },
    { property: 'og:title', content: title ?? fullTitle },
    { property: 'og:description', content: text },
    { property: 'og:type', content: type },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: locale },
    ...(picture
      ? [
          { property: 'og:image', content: picture.src },
          ...(picture.width ? [{ property: 'og:image:width', content: String(picture.width) }] : []),
          ...(picture.height ? [{ property: 'og:image:height', content: String(picture.height) }] : []),
          ...(picture.alt ? [{ property: 'og:image:alt', content: picture.alt }] : []),
        ]
      : []),
    { name: 'twitter:card', content: picture ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title ?? fullTitle },
    { name: 'twitter:description', content: text },
    ...(picture ? [{ name: 'twitter:image', content: picture.src }] : []),
    // The router writes these as <script type="application/ld+json"> (its types lack the key).
    ...(jsonLd.map((data) => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } })) as unknown as HeadResult['meta']),
  ]
  const links: HeadResult['links'] = noindex
    ? []
    : [
        { rel: 'canonical', href: canonical },
        ...[...LOCALES, 'x-default' as const].map((hreflang) => ({ rel: 'alternate', hrefLang: hreflang, href: localizedUrl(env, hreflang, path) })),
      ]
  return { meta, links }
}

/** A page whose head is its translated name (lists, legal pages, forms). */
function namedPageHead(env: PageEnvironment, locale: Locale, path: string, key: MetaKey, noindex = false): HeadResult {
  return pageHead({ env, locale, path, title: key === 'home' ? undefined : translations(locale).meta[key](), noindex })
}

/** The head of a page that does not exist (unknown path, unknown or upcoming item). */
export function notFoundHead(locale: Locale): HeadResult {
  return {
    meta: [{ title: translations(locale).meta.titleSuffix({ title: translations(locale).meta.notFound() }) }, { name: 'robots', content: 'noindex' }],
    links: [],
  }
}

/** schema.org BreadcrumbList from (name, path) pairs, the site's home first. */
export function breadcrumbs(env: PageEnvironment, locale: Locale, items: Array<{ name: string; path: string }>): object {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Streamclub', path: '' }, ...items].map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: localizedUrl(env, locale, item.path),
    })),
  }
}

/** ISO 8601 duration of a number of seconds (PT1H2M3S). */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = s % 60
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${rest}S` : ''}`
}

/** The router context a route's head() sees: the page environment and the page's locale. */
export function headContext(match: { context: unknown }): { env: PageEnvironment; locale: Locale } {
  return match.context as { env: PageEnvironment; locale: Locale }
}

/** The path of a page after its locale segment ('/en/videos/' → 'videos'). */
export function pathAfterLocale(pathname: string): string {
  return pathname.split('/').filter(Boolean).slice(1).join('/')
}

/** head() of a page named by its meta key (lists, legal pages, forms). */
export function staticHead(key: MetaKey, { noindex = false } = {}) {
  return ({ match }: { match: { context: unknown; pathname: string } }): HeadResult => {
    const { env, locale } = headContext(match)
    return namedPageHead(env, locale, pathAfterLocale(match.pathname), key, noindex)
  }
}

/** schema.org WebSite with the site search (the home page's structured data). */
export function websiteData(env: PageEnvironment, locale: Locale): object {
  return {
    '@type': 'WebSite',
    name: 'Streamclub',
    url: localizedUrl(env, locale, ''),
    inLanguage: locale,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${localizedUrl(env, locale, 'search/videos')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}
