import { AspectRatio, Box, Center, Image, Stack, Text } from '@mantine/core'
import type { CSSProperties, ReactElement, ReactNode } from 'react'
import type { Picture } from '../../../lib/api-types.js'

/**
 * A card's or page's picture at a fixed aspect ratio, with optional overlays (badges). Where the
 * media pipeline has not made the picture yet, a calm gradient with an icon and a short note
 * stands in (decorative: the title next to it names the item).
 */
export function CardPicture({
  picture,
  ratio,
  placeholderIcon,
  placeholderText,
  sizes,
  children,
  seed = 0,
  eager = false,
  className,
}: {
  picture: Picture | null | undefined
  ratio: number
  placeholderIcon?: ReactNode
  placeholderText?: string
  sizes?: string
  /** Overlays, positioned absolutely over the picture. */
  children?: ReactNode
  /** Varies the placeholder's colours so a grid of placeholders is not uniform. */
  seed?: number
  eager?: boolean
  className?: string
}) {
  const hue = (seed * 47) % 360
  return (
    <Box pos="relative" className={className}>
      <AspectRatio ratio={ratio}>
        {picture ? (
          <PictureElement picture={picture} sizes={sizes} eager={eager} />
        ) : (
          <Box
            aria-hidden="true"
            style={{ background: `linear-gradient(135deg, hsl(${hue} 30% 16%), hsl(${(hue + 320) % 360} 50% 26%))` }}
          >
            <Center h="100%" c="gray.5">
              <Stack gap={4} align="center">
                {placeholderIcon}
                {placeholderText && (
                  <Text size="xs" c="gray.4">
                    {placeholderText}
                  </Text>
                )}
              </Stack>
            </Center>
          </Box>
        )}
      </AspectRatio>
      {children}
    </Box>
  )
}

/**
 * The picture itself: the WebP widths the worker made as a `<source>` (about half the bytes of
 * the JPEG), the JPEG as the `<img>` every browser can fall back to, both with the card's sizes.
 */
function PictureElement({ picture, sizes, eager }: { picture: Picture; sizes?: string; eager: boolean }) {
  const image = (
    <Image
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={sizes}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      // The page's first large picture is its likely LCP: fetch it first; the rest when scrolled to.
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      fit="cover"
      // The width and height attributes reserve space before the file arrives, but a height
      // attribute would beat the frame's aspect ratio: the height follows the frame instead.
      h={picture.webpSrcSet ? '100%' : 'auto'}
      w={picture.webpSrcSet ? '100%' : undefined}
    />
  )
  return (
    <WithWebp picture={picture} sizes={sizes}>
      {image}
    </WithWebp>
  )
}

/** An `<img>` of a picture inside a `<picture>` with its WebP widths as a source, when the worker made them. */
export function WithWebp({ picture, sizes, style, children }: { picture: Picture; sizes?: string; style?: CSSProperties; children: ReactElement }) {
  if (!picture.webpSrcSet) return children
  return (
    <picture style={{ display: 'block', ...style }}>
      <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />
      {children}
    </picture>
  )
}

/** A badge slot over a picture. */
export function Overlay({ position, children }: { position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'; children: ReactNode }) {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right']
  return (
    <Box pos="absolute" style={{ [vertical]: 8, [horizontal]: 8, zIndex: 1 }}>
      {children}
    </Box>
  )
}
