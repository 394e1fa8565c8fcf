import { watchedShare } from '../../../../core/domain/playback/watch.js'
import { formatDuration } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { PlayIcon } from '../icons'
import { CardBadge } from './CardPicture'
import { ContentCard, type HeadingOrder } from './ContentCard'
import type { VideoItem } from '../../../lib/api-types.js'

export function VideoCard({
  video,
  headingOrder,
  positionSeconds,
  eager,
}: {
  video: VideoItem
  headingOrder?: HeadingOrder
  positionSeconds?: number
  eager?: boolean
}) {
  const { LL } = useI18n()
  const duration = formatDuration(video.durationSeconds)
  const share = positionSeconds === undefined ? null : watchedShare(positionSeconds, video.durationSeconds)
  return (
    <ContentCard
      item={video}
      to="/$lang/videos/$id"
      ratio={16 / 9}
      placeholderIcon={<PlayIcon />}
      headingOrder={headingOrder}
      eager={eager}
      hoverClip={video.previewClipUrl}
      progress={share === null ? undefined : { value: share, label: LL.playback.resume.watched({ percent: Math.round(share * 100) }) }}
      badge={<CardBadge label={LL.catalog.card.duration({ duration })}>{duration}</CardBadge>}
    />
  )
}
