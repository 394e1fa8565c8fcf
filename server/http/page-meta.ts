import { LOCALES, isLocale, type Locale } from '../domain/locale.js'
import { translator } from '../i18n.js'
import type { TranslationFunctions } from '../../i18n/i18n-types.js'

type MetaKey = Exclude<keyof TranslationFunctions['meta'], 'titleSuffix' | 'description'>

/**
 * The site's routes as the HTML shell needs them: which title a path gets, and whether it
 * exists at all (unknown paths are answered with 404 and the not-found title).
 * Keep in step with src/routes.
 */
const LOCALIZED_ROUTES: Array<[RegExp, MetaKey]> = [
  [/^$/, 'home'],
  [/^videos(\/\d+)?$/, 'videos'],
  [/^images(\/\d+)?$/, 'images'],
  [/^categories(\/\d+(\/(videos|images))?)?$/, 'categories'],
  [/^models(\/\d+)?$/, 'models'],
  [/^coming-soon$/, 'comingSoon'],
  [/^search\/(videos|images|models)$/, 'search'],
  [/^report$/, 'report'],
  [/^tos$/, 'tos'],
  [/^privacy$/, 'privacy'],
  [/^2257$/, 'recordKeeping'],
  [/^imprint$/, 'imprint'],
  [/^contact$/, 'contact'],
  [/^faq$/, 'faq'],
]

const UNPREFIXED_ROUTES: Array<[RegExp, MetaKey]> = [
  [/^\/$/, 'home'],
  [/^\/login$/, 'login'],
  [/^\/login\/forgot-password$/, 'forgotPassword'],
  [/^\/login\/reset-password$/, 'resetPassword'],
  [/^\/sign-up$/, 'signUp'],
  [/^\/verify-email$/, 'verifyEmail'],
  [/^\/account\/select-plan$/, 'selectPlan'],
  [/^\/account$/, 'account'],
  [/^\/account\/password$/, 'changePassword'],
  [/^\/account\/plan$/, 'plan'],
  [/^\/favorites(\/(videos|images|models))?$/, 'favorites'],
  [/^\/watch-later$/, 'watchLater'],
  [/^\/demo-checkout$/, 'demoCheckout'],
]

export interface PageMeta {
  /** Locale of the path's first segment, if it has one. */
  pathLocale: Locale | undefined
  status: 200 | 404
  title: string
  description: string
  /** hreflang → absolute URL, for locale-prefixed paths. */
  alternates: Array<{ hreflang: string; href: string }>
}

export type DetailKind = 'videos' | 'images' | 'models' | 'categories'

/** The largest id a detail path can name (PostgreSQL int). */
const MAX_ID = 2_147_483_647

/** A detail page's path (/{lang}/videos/12, /{lang}/categories/3/images …), else null. */
export function detailOfPath(pathname: string): { kind: DetailKind; id: number; locale: Locale } | null {
  const match = /^\/([a-z]{2})\/(videos|images|models|categories)\/(\d+)(\/(videos|images))?\/?$/.exec(pathname)
  if (!match || !isLocale(match[1])) return null
  if (match[4] && match[2] !== 'categories') return null
  return { kind: match[2] as DetailKind, id: Number(match[3]), locale: match[1] }
}

/** The id is one the database could hold. */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID
}

/**
 * `detail`: for a detail path, the item's title, or null when the item does not exist or may
 * not be shown (upcoming), which answers 404 with the not-found page.
 */
export function pageMeta(pathname: string, publicUrl: string, detail?: { title: string | null }): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const [, first = '', ...rest] = path.split('/')
  const pathLocale = isLocale(first) ? first : undefined
  const t = translator(pathLocale ?? 'de')

  let key: MetaKey | undefined
  if (pathLocale) {
    const tail = rest.join('/')
    key = LOCALIZED_ROUTES.find(([pattern]) => pattern.test(tail))?.[1]
  } else {
    key = UNPREFIXED_ROUTES.find(([pattern]) => pattern.test(path))?.[1]
  }

  if (detail && detail.title === null) key = undefined
  const pageTitle = detail?.title ?? (key && key !== 'home' ? t.meta[key]() : null)
  const title = !key ? t.meta.titleSuffix({ title: t.meta.notFound() }) : pageTitle ? t.meta.titleSuffix({ title: pageTitle }) : t.meta.home()
  const alternates =
    pathLocale && key
      ? [
          ...LOCALES.map((locale) => ({ hreflang: locale, href: `${publicUrl}/${[locale, ...rest].join('/')}` })),
          { hreflang: 'x-default', href: `${publicUrl}/${['de', ...rest].join('/')}` },
        ]
      : []
  return { pathLocale, status: key ? 200 : 404, title, description: t.meta.description(), alternates }
}
