import { useWindowScroll } from '@mantine/hooks'
import { Suspense, lazy, useEffect, useState } from 'react'

/** Spec section 9: the button appears once the page is scrolled more than 400 px. */
const SCROLL_TO_TOP_THRESHOLD_PX = 400

/** The button and its transition (ScrollToTopButton.tsx) load once the page is first scrolled that far. */
const ScrollToTopButton = lazy(() => import('./ScrollToTopButton'))

export function ScrollToTop() {
  const [scroll] = useWindowScroll()
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (scroll.y > SCROLL_TO_TOP_THRESHOLD_PX) setWanted(true)
  }, [scroll.y])
  return wanted ? (
    <Suspense fallback={null}>
      <ScrollToTopButton threshold={SCROLL_TO_TOP_THRESHOLD_PX} />
    </Suspense>
  ) : null
}
