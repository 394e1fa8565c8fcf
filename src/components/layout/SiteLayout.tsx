import { useDisclosure } from '@mantine/hooks'
import { Suspense, lazy, useEffect, type ReactNode } from 'react'
import { useI18n } from '../../lib/locale'
import { IconSprite } from '../../features/catalog/icons'
import { whenPageSettles } from '../../lib/deferred'
import { AgeGate } from './AgeGate'
import { AgeBanner } from '../../features/age/AgeBanner'
import { Footer } from './Footer'
import { Header, loadMobileNav } from './Header'
import { ScrollToTop } from './ScrollToTop'

/** The drawer's code comes with the first press of the burger (a tap away on a phone, never on a desktop). */
const MobileNav = lazy(loadMobileNav)

/**
 * Header, main and footer landmarks around every page, with the age gate above them: a fixed
 * header bar, and below the `lg` breakpoint a navigation drawer the burger opens (styles.css,
 * `.site-*`; plain elements where Mantine's AppShell brought 5 KB of script for this).
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { LL } = useI18n()
  const [navOpened, nav] = useDisclosure(false)
  // The cards' preview clips, for every page of the visit: their logic loads once the page settles.
  useEffect(() => {
    void whenPageSettles()
      .then(() => import('../../features/playback/card-clips'))
      .then(({ playCardClips }) => playCardClips())
  }, [])
  return (
    <>
      <a href="#main" className="skip-link">
        {LL.layout.skipToContent()}
      </a>
      <Header navOpened={navOpened} onToggleNav={nav.toggle} />
      {navOpened && (
        <Suspense fallback={null}>
          <MobileNav onNavigate={nav.close} />
        </Suspense>
      )}
      <main id="main" className="site-main">
        <div className="page">
          <AgeBanner />
          {children}
        </div>
      </main>
      <Footer />
      <ScrollToTop />
      <AgeGate />
      <IconSprite />
    </>
  )
}
