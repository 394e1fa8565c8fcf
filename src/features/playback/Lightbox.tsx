import { ActionIcon, Anchor, Box, Group, Modal, Stack, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useSwipe } from '../../lib/gestures'
import { useI18n } from '../../lib/locale'
import type { SignedPicture } from '../../lib/api-types.js'

export interface LightboxPicture {
  picture: SignedPicture
  /** The full-size original, when there is one to open. */
  original?: SignedPicture
}

/**
 * The members' image viewer (spec sections 2 and 6): one picture at a time, large, with
 * previous/next buttons, the arrow keys, a swipe on touch screens, its position, and a link to
 * the original.
 */
export function Lightbox({
  pictures,
  index,
  onIndex,
  onClose,
}: {
  pictures: LightboxPicture[]
  index: number | null
  onIndex: (index: number) => void
  onClose: () => void
}) {
  const { LL } = useI18n()
  const current = index === null ? null : pictures[index]
  const count = pictures.length
  const step = (delta: number) => index !== null && count > 0 && onIndex((index + delta + count) % count)
  const swipe = useSwipe(step)

  useEffect(() => {
    if (index === null) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1)
      if (event.key === 'ArrowLeft') step(-1)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  return (
    <Modal
      opened={current !== null && current !== undefined}
      onClose={onClose}
      fullScreen
      title={index !== null ? LL.playback.lightbox.position({ index: index + 1, count }) : ''}
      closeButtonProps={{ 'aria-label': LL.playback.lightbox.close() }}
      styles={{ content: { background: 'rgba(10,10,12,0.96)' } }}
    >
      {current && (
        <Stack gap="sm">
          <Box
            {...swipe}
            style={{ height: 'calc(100dvh - 140px)', display: 'flex', alignItems: 'center', justifyContent: 'center', touchAction: 'pan-y pinch-zoom' }}
          >
            <img
              src={current.picture.src}
              alt={current.picture.alt}
              width={current.picture.width}
              height={current.picture.height}
              style={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto', objectFit: 'contain' }}
            />
          </Box>
          <Group justify="center" gap="lg">
            <ActionIcon variant="default" size="xl" radius="xl" aria-label={LL.playback.lightbox.previous()} onClick={() => step(-1)} disabled={count < 2}>
              ‹
            </ActionIcon>
            <Text c="dimmed" size="sm">
              {current.picture.alt}
            </Text>
            {current.original && (
              <Anchor href={current.original.src} target="_blank" rel="noopener" size="sm">
                {LL.playback.lightbox.original()}
              </Anchor>
            )}
            <ActionIcon variant="default" size="xl" radius="xl" aria-label={LL.playback.lightbox.next()} onClick={() => step(1)} disabled={count < 2}>
              ›
            </ActionIcon>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
