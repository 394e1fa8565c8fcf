import { Button, Group, Paper, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { InteractionKind } from '../../../core/domain/schemas/interactions.js'
import { formatNumber } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { ViewsStat } from '../catalog/cards/Stats'
import { deferHydration } from '../../lib/deferred'
import { ThumbDownIcon, ThumbUpIcon } from '../catalog/icons'
import { startDownload } from './download'
import { ClockIcon, DownloadIcon, HeartIcon } from './icons'
import { useInteraction } from './interactions'
import type { ImageSetDetail, ModelDetail, VideoDetail } from '../../lib/api-types.js'

type Item = VideoDetail | ImageSetDetail | ModelDetail

/** The views count never changes by a click here: hydrated when the page settles (its number format starts ICU). */
const LaterViews = deferHydration(ViewsStat)

/**
 * Rate (like/dislike; pressing the active one clears it), favorite, watch later and download
 * (spec sections 2 and 4). Visitors pressing one go to /login and come back here; the change
 * shows at once and rolls back if the server refuses it.
 */
export function ItemActions({ kind, item, extra }: { kind: InteractionKind; item: Item; extra?: ReactNode }) {
  const { LL, locale } = useI18n()
  const update = useInteraction(kind, item.id)
  const state = item.state
  const rating = state?.rating ?? null
  const number = (value: number) => formatNumber(value, locale)
  const toggle = (active: boolean) => ({ 'aria-pressed': active, variant: active ? 'filled' : 'default', color: active ? 'pink' : 'gray' }) as const
  // The count beside the button, not in it: the button's name is exactly its action.
  const rate = (value: 'like' | 'dislike', count: number, icon: ReactNode) => (
    <Group gap={6} wrap="nowrap">
      <Button
        {...toggle(rating === value)}
        size="compact-md"
        aria-label={LL.playback.actions[value]()}
        title={LL.playback.actions[value]()}
        onClick={() => update({ rating: rating === value ? null : value })}
      >
        {icon}
      </Button>
      <Text size="sm">{number(count)}</Text>
    </Group>
  )
  // Favorite and watch later: pressed while the item is in that list of the user's.
  const keep = (kept: boolean, label: string, icon: ReactNode, change: Parameters<typeof update>[0]) => (
    <Button {...toggle(kept)} size="compact-md" leftSection={icon} onClick={() => update(change)}>
      {label}
    </Button>
  )
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" role="group" aria-label={LL.catalog.reactions.label()}>
        {rate('like', item.likes, <ThumbUpIcon size={18} />)}
        {rate('dislike', item.dislikes, <ThumbDownIcon size={18} />)}
        {keep(!!state?.favorite, LL.playback.actions.favorite(), <HeartIcon filled={!!state?.favorite} />, { favorite: !state?.favorite })}
        {kind !== 'model' &&
          keep(!!state?.watchLater, LL.playback.actions.watchLater(), <ClockIcon filled={!!state?.watchLater} />, { watch_later: !state?.watchLater })}
        {kind !== 'model' && 'downloadable' in item && item.downloadable && (
          <Button
            variant="light"
            color="gray"
            size="compact-md"
            leftSection={<DownloadIcon />}
            onClick={() => startDownload({ kind: kind as 'video' | 'imageSet', id: item.id })}
          >
            {LL.playback.actions.download()}
          </Button>
        )}
        {'views' in item && (
          <Group c="dimmed" ml="auto">
            <LaterViews views={item.views} />
          </Group>
        )}
        {extra}
      </Group>
    </Paper>
  )
}
