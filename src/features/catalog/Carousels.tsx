import { Carousel } from '@mantine/carousel'
import { Box, useMatches } from '@mantine/core'
import { useReducedMotion } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import Autoplay from 'embla-carousel-autoplay'
import { useMemo, type ReactNode } from 'react'
import { CAROUSEL } from '../../../core/domain/catalog/catalog-blocks.js'
import { useI18n } from '../../lib/locale'
import { BANNER_FRAME, BANNER_OVERLAY, BANNER_SLIDE, BANNER_TITLE, CardPicture } from './cards/CardPicture'
import type { BannerItem } from '../../lib/api-types.js'

/**
 * Carousels of spec section 4: autoplay every 3000 ms, paused while the pointer is over them
 * (and for visitors who ask for reduced motion), about 500 ms per slide, 15 px drag threshold.
 */
function useCarouselOptions(autoplayOn = true) {
  const reducedMotion = useReducedMotion()
  const autoplay = useMemo(() => Autoplay({ delay: CAROUSEL.autoplayMs, stopOnMouseEnter: true, stopOnInteraction: false, stopOnFocusIn: true }), [])
  return {
    plugins: reducedMotion || !autoplayOn ? [] : [autoplay],
    // Embla's duration is in its own units; 25 settles a slide in about 500 ms at 60 fps.
    emblaOptions: { loop: true, dragThreshold: CAROUSEL.dragThresholdPx, duration: 25, align: 'start' as const },
  }
}

export function CardCarousel({ label, children, autoplay = true }: { label: string; children: ReactNode[]; autoplay?: boolean }) {
  const { LL } = useI18n()
  const options = useCarouselOptions(autoplay)
  return (
    <Box role="region" aria-roledescription="carousel" aria-label={label}>
      <Carousel
        {...options}
        slideSize={{ base: '50%', sm: '33.333%', md: '25%', lg: '20%' }}
        slideGap="md"
        controlSize={36}
        previousControlProps={{ 'aria-label': LL.catalog.carousel.previous() }}
        nextControlProps={{ 'aria-label': LL.catalog.carousel.next() }}
      >
        {children.map((child, index) => (
          <Carousel.Slide
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={LL.catalog.carousel.slide({ index: index + 1, count: children.length })}
          >
            {child}
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  )
}

/** Top or bottom banners: wide pictures with their title, each linking into the site. */
export function BannerCarousel({ label, banners }: { label: string; banners: BannerItem[] }) {
  const { LL, locale } = useI18n()
  const options = useCarouselOptions()
  // Narrow screens swipe instead of using the arrow buttons.
  const wide = useMatches({ base: false, sm: true })
  if (!banners.length) return null
  return (
    <Box role="region" aria-roledescription="carousel" aria-label={label}>
      <Carousel
        {...options}
        withIndicators
        withControls={wide}
        controlSize={36}
        previousControlProps={{ 'aria-label': LL.catalog.carousel.previous() }}
        nextControlProps={{ 'aria-label': LL.catalog.carousel.next() }}
        getIndicatorProps={(index) => ({ 'aria-label': LL.catalog.carousel.slide({ index: index + 1, count: banners.length }) })}
        // A thin bar to see, a 24 px tall target to tap (WCAG 2.5.8): the padding is transparent.
        styles={{ indicator: { height: 24, paddingBlock: 10, backgroundClip: 'content-box', boxSizing: 'border-box' } }}
      >
        {banners.map((banner, index) => {
          const content = (
            // 16:8 on phones, 16:5 from sm: set in CSS (BANNER_FRAME), so the server's HTML already has the height of every screen.
            <CardPicture picture={banner.picture} ratio={16 / 8} className={BANNER_FRAME} seed={banner.id * 11} sizes="100vw" eager={index === 0}>
              <div className={BANNER_OVERLAY}>
                <h3 className={BANNER_TITLE}>{banner.title}</h3>
              </div>
            </CardPicture>
          )
          return (
            <Carousel.Slide
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={LL.catalog.carousel.slide({ index: index + 1, count: banners.length })}
            >
              <div className={BANNER_SLIDE}>
                {banner.linkPath ? (
                  <Link to={`/${locale}${banner.linkPath}` as '/'} aria-label={banner.title}>
                    {content}
                  </Link>
                ) : (
                  content
                )}
              </div>
            </Carousel.Slide>
          )
        })}
      </Carousel>
    </Box>
  )
}
