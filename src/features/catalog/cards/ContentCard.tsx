import type { ReactNode } from 'react'
import { useI18n } from '../../../lib/locale'
import { CardBadge, CardPicture, Overlay } from './CardPicture'
import { ModelNames } from './ModelNames'
import { PublishLine } from './Stats'
import type { ImageSetItem, VideoItem } from '../../../lib/api-types.js'
import s from './cards.module.css'

export type HeadingOrder = 1 | 2 | 3 | 4 | 5 | 6

const SIZES = '(min-width: 88em) 17vw, (min-width: 75em) 20vw, (min-width: 62em) 25vw, (min-width: 22.5em) 50vw, 100vw'

/**
 * A video or image set in a list. Published: linked, with likes and relative time. Upcoming:
 * a "coming soon" badge, the release date and no link (spec section 4). Plain elements and
 * static classes (cards.module.css): a page draws dozens of them.
 */
export function ContentCard({
  item,
  to,
  ratio,
  placeholderIcon,
  badge,
  headingOrder = 3,
  hoverClip,
  progress,
  eager = false,
}: {
  item: VideoItem | ImageSetItem
  to: '/$lang/videos/$id' | '/$lang/images/$id'
  ratio: number
  placeholderIcon: ReactNode
  /** Shown at the picture's bottom right (duration, image count). */
  badge?: ReactNode
  headingOrder?: HeadingOrder
  /** A public preview clip played over the picture on hover, keyboard focus, or (touch screens) when most in view (videos). */
  hoverClip?: string | null
  /** How much of it the user watched (Continue watching): a bar along the picture's bottom. */
  progress?: { value: number; label: string }
  /** In the first row of a list: fetched at once, with high priority (the page's likely LCP). */
  eager?: boolean
}) {
  const { LL, locale } = useI18n()
  const href = to.replace('$lang', locale).replace('$id', String(item.id))
  const linked = item.publishState === 'published'
  const Heading = `h${headingOrder}` as 'h3'
  const picture = (
    <CardPicture
      picture={item.featuredPreview}
      ratio={ratio}
      sizes={SIZES}
      seed={item.id}
      placeholderIcon={placeholderIcon}
      placeholderText={LL.catalog.card.pictureComing()}
      eager={eager}
      href={linked ? href : undefined}
      clip={linked ? hoverClip : undefined}
    >
      {badge && <Overlay position="bottom-right">{badge}</Overlay>}
      {!linked && (
        <Overlay position="top-left">
          <CardBadge pink>{LL.catalog.card.upcoming()}</CardBadge>
        </Overlay>
      )}
    </CardPicture>
  )
  return (
    <article aria-label={item.title} className={s.card} data-nav="">
      {progress ? (
        <div className={s.top}>
          {picture}
          {/* Outside the link, which is hidden from assistive technology (the title links the same place). */}
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress.value * 100)}
            aria-label={progress.label}
            title={progress.label}
            className={s.progress}
            data-testid="watch-progress"
          >
            <div style={{ width: `${progress.value * 100}%` }} />
          </div>
        </div>
      ) : (
        picture
      )}
      <Heading className={s.title}>{linked ? <a href={href}>{item.title}</a> : <span>{item.title}</span>}</Heading>
      <ModelNames models={item.models ?? (item.featuredModel ? [item.featuredModel] : [])} />
      <PublishLine item={item} />
    </article>
  )
}
