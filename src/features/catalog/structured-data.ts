/**
 * What a catalog detail page tells search engines: its head summary (the loader returns it, so
 * the page carries no second copy of the item) and the schema.org objects built from it. Only
 * public media appears here: the poster, the stills' thumbnails and the preview clip, never a
 * members-only URL.
 */
import type { Locale } from '../../../core/domain/locale.js'
import { absoluteUrl, breadcrumbs, headContext, isoDuration, localizedUrl, notFoundHead, pageHead, pathAfterLocale, type HeadResult } from '../../lib/seo'
import { translations } from '../../lib/locale'
import type { PageEnvironment } from '../../lib/page-environment'
import type { CategoryDetail, ImageSetDetail, ModelDetail, Picture, VideoDetail } from '../../lib/api-types.js'

export interface DetailSeo {
  kind: 'videos' | 'images' | 'models' | 'categories'
  id: number
  title: string
  description: string
  image: Picture | null
  /** schema.org fields of the kind (dates, duration, counters, public clip). */
  facts: {
    publishedAt?: string | null
    durationSeconds?: number
    views?: number
    likes?: number
    previewClipUrl?: string | null
    images?: string[]
    people?: string[]
  }
}

/** What a video and an image set say alike: the item, its picture (or the featured one), when it came out, its likes and its models. */
function publishedSeo(
  kind: 'videos' | 'images',
  item: VideoDetail | ImageSetDetail,
  picture: DetailSeo['image'] | undefined,
  facts: DetailSeo['facts'],
): DetailSeo {
  return {
    kind,
    id: item.id,
    title: item.title,
    description: item.description,
    image: picture ?? item.featuredPreview ?? null,
    facts: { publishedAt: item.publishedAt, likes: item.likes, people: item.models.map((model) => model.name), ...facts },
  }
}

export function videoSeo(video: VideoDetail): DetailSeo {
  return publishedSeo('videos', video, video.poster, {
    durationSeconds: video.durationSeconds,
    views: video.views,
    previewClipUrl: video.previewClipUrl,
  })
}

export function imageSetSeo(set: ImageSetDetail): DetailSeo {
  return publishedSeo('images', set, set.previews[0], { images: set.previews.map((picture) => picture.src) })
}

export function modelSeo(model: ModelDetail): DetailSeo {
  return {
    kind: 'models',
    id: model.id,
    title: model.name,
    description: model.description || model.bio,
    image: model.preview ?? model.picture,
    facts: { likes: model.likes },
  }
}

export function categorySeo(category: CategoryDetail): DetailSeo {
  return { kind: 'categories', id: category.id, title: category.title, description: category.description, image: category.preview ?? category.logo, facts: {} }
}

const LIST_TITLE = { videos: 'videos', images: 'images', models: 'models', categories: 'categories' } as const

/** A detail route's `head`: the item's head from what its loader found, the not-found head without it. */
export function detailRouteHead({ match, loaderData }: { match: { context: unknown; pathname: string }; loaderData?: DetailSeo | undefined }) {
  const { env, locale } = headContext(match)
  return loaderData ? detailHead(env, locale, pathAfterLocale(match.pathname), loaderData) : notFoundHead(locale)
}

/** The head of a detail page: title, description, Open Graph, and its schema.org objects. */
function detailHead(env: PageEnvironment, locale: Locale, path: string, seo: DetailSeo): HeadResult {
  const t = translations(locale)
  const url = localizedUrl(env, locale, path)
  const image = seo.image ? absoluteUrl(env, seo.image.src) : undefined
  const description = seo.description || t.meta.description()
  const trail = breadcrumbs(env, locale, [
    { name: t.meta[LIST_TITLE[seo.kind]](), path: seo.kind },
    { name: seo.title, path },
  ])
  const people = (seo.facts.people ?? []).map((name) => ({ '@type': 'Person', name }))
  const main: Record<string, unknown> = (() => {
    switch (seo.kind) {
      case 'videos':
        return {
          '@type': 'VideoObject',
          name: seo.title,
          description,
          url,
          ...(image ? { thumbnailUrl: [image] } : {}),
          ...(seo.facts.publishedAt ? { uploadDate: seo.facts.publishedAt } : {}),
          ...(seo.facts.durationSeconds ? { duration: isoDuration(seo.facts.durationSeconds) } : {}),
          // The public preview clip only: the full video is for members.
          ...(seo.facts.previewClipUrl ? { contentUrl: absoluteUrl(env, seo.facts.previewClipUrl) } : {}),
          isFamilyFriendly: false,
          inLanguage: locale,
          ...(people.length ? { actor: people } : {}),
          interactionStatistic: [
            { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: seo.facts.views ?? 0 },
            { '@type': 'InteractionCounter', interactionType: { '@type': 'LikeAction' }, userInteractionCount: seo.facts.likes ?? 0 },
          ],
        }
      case 'images':
        return {
          '@type': 'ImageGallery',
          name: seo.title,
          description,
          url,
          ...(seo.facts.publishedAt ? { datePublished: seo.facts.publishedAt } : {}),
          image: (seo.facts.images ?? []).map((src) => absoluteUrl(env, src)),
          isFamilyFriendly: false,
          ...(people.length ? { about: people } : {}),
        }
      case 'models':
        return { '@type': 'Person', name: seo.title, description, url, ...(image ? { image } : {}) }
      case 'categories':
        return { '@type': 'CollectionPage', name: seo.title, description, url, ...(image ? { image } : {}) }
    }
  })()
  return pageHead({
    env,
    locale,
    path,
    title: seo.title,
    description: seo.description,
    image: seo.image,
    type: seo.kind === 'videos' ? 'video.other' : seo.kind === 'models' ? 'profile' : 'website',
    jsonLd: [main, trail],
  })
}
