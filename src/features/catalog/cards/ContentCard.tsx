import { Badge, Box, Card, Text, Title, type TitleOrder } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import { HoverClip } from '../../playback/HoverClip'
import { CardPicture, Overlay } from './CardPicture'
import { ModelNames } from './ModelNames'
import { PublishLine } from './Stats'
import type { ImageSetItem, VideoItem } from '../../../lib/api-types.js'

const SIZES = '(min-width: 88em) 17vw, (min-width: 75em) 20vw, (min-width: 62em) 25vw, (min-width: 22.5em) 50vw, 100vw'

/**
 * A video or image set in a list. Published: linked, with likes and relative time. Upcoming:
 * a "coming soon" badge, the release date and no link (spec section 4).
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
  headingOrder?: TitleOrder
  /** A public preview clip played over the picture on hover, keyboard focus, or (touch screens) when most in view (videos). */
  hoverClip?: string | null
  /** How much of it the user watched (Continue watching): a bar along the picture's bottom. */
  progress?: { value: number; label: string }
  /** In the first row of a list: fetched at once, with high priority (the page's likely LCP). */
  eager?: boolean
}) {
  const { LL, locale } = useI18n()
  const linked = item.publishState === 'published'
  const params = { lang: locale, id: String(item.id) }
  const picture = (
    <CardPicture
      picture={item.featuredPreview}
      ratio={ratio}
      sizes={SIZES}
      seed={item.id}
      placeholderIcon={placeholderIcon}
      placeholderText={LL.catalog.card.pictureComing()}
      eager={eager}
    >
      {linked && <HoverClip src={hoverClip} inView />}
      {badge && <Overlay position="bottom-right">{badge}</Overlay>}
      {!linked && (
        <Overlay position="top-left">
          <Badge variant="filled" color="pink">
            {LL.catalog.card.upcoming()}
          </Badge>
        </Overlay>
      )}
    </CardPicture>
  )
  return (
    <Card component="article" aria-label={item.title} padding="sm" radius="md" withBorder h="100%">
      <Card.Section pos="relative">
        {linked ? (
          <Link to={to} params={params} tabIndex={-1} aria-hidden="true" className="picture-link">
            {picture}
          </Link>
        ) : (
          picture
        )}
        {/* Outside the link, which is hidden from assistive technology (the title links the same place). */}
        {progress && (
          // A bar drawn here rather than Mantine's Progress: the cards load with every list page.
          <Box
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress.value * 100)}
            aria-label={progress.label}
            title={progress.label}
            pos="absolute"
            bottom={0}
            left={0}
            right={0}
            h={5}
            style={{ zIndex: 1, background: 'rgba(255,255,255,0.3)' }}
            data-testid="watch-progress"
          >
            <Box h="100%" bg="pink.6" style={{ width: `${progress.value * 100}%` }} />
          </Box>
        )}
      </Card.Section>
      <Title order={headingOrder} fz={{ base: 'sm', sm: 'md' }} fw={600} mt="sm" lineClamp={2}>
        {linked ? (
          <AnchorLink to={to} params={params} c="gray.0" inherit>
            {item.title}
          </AnchorLink>
        ) : (
          <Text span inherit>
            {item.title}
          </Text>
        )}
      </Title>
      <ModelNames models={item.models ?? (item.featuredModel ? [item.featuredModel] : [])} />
      <PublishLine item={item} />
    </Card>
  )
}
