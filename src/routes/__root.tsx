import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { isLocale } from '../../server/domain/locale.js'
import { SiteLayout } from '../components/layout/SiteLayout'
import { RootErrorFallback } from '../features/site/ErrorFallback'
import { activateLocale, detectClientLocale, I18nProvider } from '../lib/locale'
import type { RouterContext } from '../router'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's locale: the path's first segment when it is one, else the detected one.
  beforeLoad: async ({ location }) => {
    const first = location.pathname.split('/')[1]
    const locale = isLocale(first) ? first : detectClientLocale()
    await activateLocale(locale)
    return { locale }
  },
  component: RootComponent,
  errorComponent: RootErrorFallback,
})

function RootComponent() {
  const { locale } = Route.useRouteContext()
  return (
    <I18nProvider locale={locale}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </I18nProvider>
  )
}
