import type { ReactNode } from 'react'
import { countText, formatDate, formatNumber, formatRelativeTime } from '../../../lib/format'
import { useNow } from '../../../lib/now'
import { useI18n } from '../../../lib/locale'
import { deferHydration } from '../../../lib/deferred'
import { CalendarIcon, EyeIcon, ThumbUpIcon } from '../icons'
import s from './cards.module.css'

/** A number with an icon for the eye and its full text for screen readers. */
function Stat({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  const { locale } = useI18n()
  return (
    <span className={s.stat}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true">
        {icon}
        {formatNumber(value, locale)}
      </span>
    </span>
  )
}

export function LikesStat({ likes }: { likes: number }) {
  const { LL, locale } = useI18n()
  return <Stat icon={<ThumbUpIcon />} value={likes} label={countText(LL.catalog.card.likes, likes, locale)} />
}

export function ViewsStat({ views }: { views: number }) {
  const { LL, locale } = useI18n()
  return <Stat icon={<EyeIcon />} value={views} label={countText(LL.catalog.card.views, views, locale)} />
}

/**
 * The publish rule of spec section 4 on a card: an upcoming item shows its release date; a
 * published one shows its likes and how long ago it came out.
 */
export function PublishLine({
  item,
}: {
  item: { publishState: 'upcoming' | 'published'; publishAt: string | null; publishedAt: string | null; likes: number }
}) {
  if (item.publishState === 'upcoming') {
    return (
      <div className={`${s.line} ${s.upcoming}`}>
        <CalendarIcon />
        <LaterComingOn date={item.publishAt!} />
      </div>
    )
  }
  return (
    <div className={s.line}>
      <LikesStat likes={item.likes} />
      {item.publishedAt && <LaterPublishedAgo date={item.publishedAt} />}
    </div>
  )
}

function ComingOn({ date }: { date: string }) {
  const { LL, locale } = useI18n()
  return <span>{LL.catalog.card.comingOn({ date: formatDate(date, locale) })}</span>
}

function PublishedAgo({ date }: { date: string }) {
  const { locale } = useI18n()
  const now = useNow()
  return (
    // On a narrow card a long relative time ("vor 3 Stunden") ends in an ellipsis rather than overflowing.
    <time className={s.time} dateTime={date} title={formatDate(date, locale)}>
      {formatRelativeTime(date, locale, now)}
    </time>
  )
}

// The dates hydrate when the page settles: the first date or relative time a page formats
// loads ICU's data (about 13 ms of a phone's main thread), which the first cards would pay
// while the page starts. Nothing in them acts on a tap.
const LaterComingOn = deferHydration(ComingOn)
const LaterPublishedAgo = deferHydration(PublishedAgo)
