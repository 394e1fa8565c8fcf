import { AppShell } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useI18n } from '../../lib/locale'
import { AgeGate } from './AgeGate'
import { Footer } from './Footer'
import { Header, MobileNav, NAV_BAR_FROM } from './Header'
import { ScrollToTop } from './ScrollToTop'

/** Header, main and footer landmarks around every page, with the age gate above them. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { LL } = useI18n()
  const [navOpened, nav] = useDisclosure(false)
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: NAV_BAR_FROM, collapsed: { mobile: !navOpened, desktop: true } }} padding="md">
      <a href="#main" className="skip-link">
        {LL.layout.skipToContent()}
      </a>
      <Header navOpened={navOpened} onToggleNav={nav.toggle} />
      <MobileNav onNavigate={nav.close} />
      <AppShell.Main id="main">
        <div className="page">{children}</div>
      </AppShell.Main>
      <Footer />
      <ScrollToTop />
      <AgeGate />
    </AppShell>
  )
}
