/**
 * Places on the detail pages that the playback area (issue 7) fills: the player, and the
 * rating / favorite / watch-later / download actions. Until then they show what is true for
 * everyone: the poster with a members-only note, and the counts as plain text (no dead buttons).
 * Replace the bodies of these components; the pages call them with everything they need.
 */
import { Box, Group, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ImageSetDetail, ModelDetail, VideoDetail } from '../../../server/services/catalog/dto.js'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'
import { CardPicture } from './cards/CardPicture'
import { DislikesStat, LikesStat, ViewsStat } from './cards/Stats'
import { PlayIcon } from './icons'

/** The video player area. Now: the poster and the members-only note with the join link. */
export function VideoPlayerSlot({ video }: { video: VideoDetail }) {
  const { LL } = useI18n()
  const best = video.highestResolution ? LL.catalog.resolution[video.highestResolution]() : null
  return (
    <Box role="region" aria-label={LL.catalog.video.player()} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <CardPicture
        picture={video.poster}
        ratio={16 / 9}
        seed={video.id}
        eager
        sizes="(min-width: 75em) 66vw, 100vw"
        placeholderIcon={<PlayIcon size={64} />}
      >
        <Box
          pos="absolute"
          style={{ inset: 0, background: 'linear-gradient(0deg, rgba(0,0,0,0.75), rgba(0,0,0,0) 55%)', display: 'flex', alignItems: 'flex-end' }}
          p="lg"
        >
          <Stack gap="xs">
            {!video.poster && (
              <Text c="gray.4" size="xs">
                {LL.catalog.video.pictureComing()}
              </Text>
            )}
            <Text c="white" fw={600} fz={{ base: 'sm', sm: 'md' }}>
              {best ? LL.catalog.video.membersOnly({ resolution: best }) : LL.catalog.video.membersOnlyNoResolution()}
            </Text>
            <div>
              <ButtonLink to="/account/select-plan" size="sm">
                {LL.catalog.video.becomeMember()}
              </ButtonLink>
            </div>
          </Stack>
        </Box>
      </CardPicture>
    </Box>
  )
}

/** Rating, favorite, watch later (and downloads) of an item. Now: the counts as text. */
export function ItemActionsSlot({ item, extra }: { item: VideoDetail | ImageSetDetail | ModelDetail; extra?: ReactNode }) {
  const { LL } = useI18n()
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="lg" c="dimmed" role="group" aria-label={LL.catalog.reactions.label()}>
        <LikesStat likes={item.likes} />
        <DislikesStat dislikes={item.dislikes} />
        {'views' in item && <ViewsStat views={item.views} />}
        {extra}
      </Group>
    </Paper>
  )
}
