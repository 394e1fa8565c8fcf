import { Box, SimpleGrid, Text, UnstyledButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Suspense, lazy, useRef, useState, type ComponentProps } from 'react'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { useMe } from '../auth/session'
import { CardPicture } from '../catalog/cards/CardPicture'
import { CardCarousel } from '../catalog/DeferredCarousels'
import { useInteraction } from './interactions'
import type { LightboxPicture } from './Lightbox'
import type { ImageSetDetail, VideoDetail } from '../../lib/api-types.js'

const LoadedLightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })))

/**
 * The lightbox (Mantine's Modal with its focus trap and scroll lock) loads when first opened,
 * and stays mounted from then on, so it closes with its transition and gives the focus back.
 */
function Lightbox(props: ComponentProps<typeof LoadedLightbox>) {
  const opened = useRef(false)
  opened.current ||= props.index !== null
  return opened.current ? (
    <Suspense fallback={null}>
      <LoadedLightbox {...props} />
    </Suspense>
  ) : null
}

/** Signed URLs are renewed well before they expire. */
const SIGNED_STALE_MS = 4 * 60_000

/**
 * An image set's grid (spec section 2): public thumbnails for everyone; for members each one
 * opens the lightbox with the members-only web rendition and the original. The first open
 * marks the set viewed.
 */
export function ImageSetGrid({ set }: { set: ImageSetDetail }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const member = !!useMe().data?.isMember
  const pictures = useQuery({ ...trpc.playback.imageSet.queryOptions({ locale, id: set.id }, { staleTime: SIGNED_STALE_MS }), enabled: member })
  const markViewed = useInteraction('imageSet', set.id)
  const [open, setOpen] = useState<number | null>(null)
  if (!set.images.length) return <Text c="dimmed">{LL.catalog.imageSet.imagesPreparing()}</Text>
  const signed = pictures.data?.images
  const lightbox: LightboxPicture[] = (signed ?? []).map((image) => ({ picture: image.web, original: image.original }))
  const openAt = (index: number) => {
    setOpen(index)
    if (!set.state?.view) void markViewed({ view: true }, { requireUser: false })
  }
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs">
        {set.images.map((image, index) => {
          const picture = <CardPicture picture={image.thumbnail} ratio={1} seed={image.id} sizes="(min-width: 75em) 16vw, 50vw" />
          return signed?.[index] ? (
            <UnstyledButton
              key={image.id}
              onClick={() => openAt(index)}
              aria-label={LL.playback.lightbox.open({ index: index + 1 })}
              style={{ cursor: 'zoom-in' }}
            >
              {picture}
            </UnstyledButton>
          ) : (
            <Box key={image.id}>{picture}</Box>
          )
        })}
      </SimpleGrid>
      <Lightbox pictures={lightbox} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </>
  )
}

/**
 * A video's preview stills: public thumbnails for everyone; members see them in full
 * resolution (signed URLs) and can open them large.
 */
export function PreviewStills({ video }: { video: VideoDetail }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const member = !!useMe().data?.isMember
  const playback = useQuery({ ...trpc.playback.video.queryOptions({ locale, id: video.id }, { staleTime: 60_000 }), enabled: member })
  const [open, setOpen] = useState<number | null>(null)
  const stills = playback.data?.stills ?? []
  return (
    <>
      <CardCarousel label={LL.catalog.video.previews()}>
        {video.previews.map((preview, index) => {
          const full = stills[index]
          if (!full)
            return <CardPicture key={preview.id} picture={preview.thumbnail} ratio={16 / 9} seed={video.id + preview.id} sizes="(min-width: 75em) 20vw, 50vw" />
          return (
            <UnstyledButton
              key={preview.id}
              w="100%"
              onClick={() => setOpen(index)}
              aria-label={LL.playback.previews.open({ index: index + 1 })}
              style={{ cursor: 'zoom-in' }}
            >
              <CardPicture picture={{ ...full }} ratio={16 / 9} seed={video.id + preview.id} />
            </UnstyledButton>
          )
        })}
      </CardCarousel>
      {!member && (
        <Text c="dimmed" size="sm">
          {LL.playback.previews.fullSizeHint()}
        </Text>
      )}
      <Lightbox pictures={stills.map((picture) => ({ picture }))} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </>
  )
}
