import { Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { countText, formatDate, formatNumber, formatRelativeTime } from '../../../lib/format'
import { useNow } from '../../../lib/now'
import { useI18n } from '../../../lib/locale'
import { CalendarIcon, EyeIcon, ThumbUpIcon } from '../icons'

/** A number with an icon for the eye and its full text for screen readers. */
function Stat({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  const { locale } = useI18n()
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span className="visually-hidden">{label}</span>
      <Group gap={4} wrap="nowrap" component="span" aria-hidden="true">
        {icon}
        <Text span size="sm">
          {formatNumber(value, locale)}
        </Text>
      </Group>
    </Group>
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
export function PublishLine({ item }: { item: { publishState: 'upcoming' | 'published'; publishAt: string | null; publishedAt: string | null; likes: number } }) {
  const { LL, locale } = useI18n()
  const now = useNow()
  if (item.publishState === 'upcoming') {
    return (
      <Group gap={6} c="pink.3" wrap="nowrap">
        <CalendarIcon />
        <Text size="sm">{LL.catalog.card.comingOn({ date: formatDate(item.publishAt!, locale) })}</Text>
      </Group>
    )
  }
  return (
    <Group gap="sm" c="dimmed" wrap="nowrap">
      <LikesStat likes={item.likes} />
      {item.publishedAt && (
        // On a narrow card a long relative time ("vor 3 Stunden") ends in an ellipsis rather than overflowing.
        <Text size="sm" component="time" dateTime={item.publishedAt} title={formatDate(item.publishedAt, locale)} truncate="end" miw={0}>
          {formatRelativeTime(item.publishedAt, locale, now)}
        </Text>
      )}
    </Group>
  )
}
