import { Box, Stack, Text } from '@mantine/core'
import { localize, type Locale } from '../../../../core/domain/locale.js'
import type { PublishingStatus } from '../../../../core/domain/catalog/publish.js'
import type { AdminContent } from '../../../lib/api-types'
import { useI18n } from '../../../lib/locale'
import { ImageSetCard } from '../../catalog/cards/ImageSetCard'
import { VideoCard } from '../../catalog/cards/VideoCard'
import type { PickedModel } from './ModelPicker'

/**
 * The item's public card as the site will show it in the reader's language: the site's own
 * card component fed with the form's current title and models, the stored poster and
 * counters, and the publishing state (coming soon while scheduled). `tour`: as the blurred tour
 * shows it (the tour title or the neutral one, the blurred picture, no hover clip), as the server
 * would answer it (docs/age-assurance.md).
 */
export function CardPreview({
  content,
  title,
  models,
  status,
  tour = false,
}: {
  content: AdminContent
  title: Record<Locale, string>
  models: PickedModel[]
  status: PublishingStatus
  tour?: boolean
}) {
  const { LL, locale } = useI18n()
  const t = LL.editors.content
  const neutral = content.kind === 'video' ? LL.tour.fallback.video({ id: content.id }) : LL.tour.fallback.imageSet({ id: content.id })
  const shownTitle = tour ? localize(title, locale) || neutral : localize(title, locale) || content.sourceName || `#${content.id}`
  const picture = tour ? content.tourCard.picture : content.card.picture
  const upcoming = status === 'scheduled'
  const common = {
    id: content.id,
    title: shownTitle,
    likes: content.card.likes,
    dislikes: content.card.dislikes,
    views: content.card.views,
    publishAt: content.publishAt,
    publishedAt: content.releasedAt ?? content.publishAt,
    publishState: upcoming ? ('upcoming' as const) : ('published' as const),
    featuredPreview: picture ? { ...picture, alt: shownTitle } : null,
    models: models.map((m) => ({ id: m.id, name: m.firstName, avatar: null })),
    state: null,
  }
  const note = status === 'unpublished' ? t.cardHidden() : status === 'waitingForMedia' ? t.cardWaiting() : null
  return (
    <Stack gap="xs">
      <Box maw={320} w="100%" aria-label={tour ? LL.tour.editor.tourCardLabel() : t.cardLabel()} role="group">
        {content.kind === 'video' ? (
          <VideoCard
            video={{
              ...common,
              durationSeconds: content.durationSeconds ?? 0,
              highestResolution: null,
              previewClipUrl: tour ? null : content.card.previewClipUrl,
              thumbnailClipUrl: null,
            }}
            headingOrder={3}
          />
        ) : (
          <ImageSetCard imageSet={{ ...common, imagesCount: content.imagesCount ?? 0, membersOnly: true }} headingOrder={3} />
        )}
      </Box>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  )
}
