import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { HeadContent, Outlet, Scripts, createRootRouteWithContext, lazyRouteComponent, useRouteContext, useRouterState } from '@tanstack/react-router'
import { MantineProvider, mantineHtmlProps } from '@mantine/core'
import { isLocale } from '../../core/domain/locale.js'
import { SiteLayout } from '../components/layout/SiteLayout'
import { AGE_GATE_SCRIPT } from '../components/layout/AgeGate'
import { RTA_LABEL } from '../../core/domain/age/gates.js'
import { pageAgeText } from '../../core/render-contract.js'
import { usePageEnvironment } from '../lib/page-environment'
import { useRefreshForSignedInUser } from '../features/auth/session'
import { activateLocale, detectClientLocale, I18nProvider, loadNamespaces, translations } from '../lib/locale'
import type { RouterContext } from '../router-context'
import { theme } from '../theme'
import { headContext, notFoundHead } from '../lib/seo'
import { subscribeToToasts, toastsWanted } from '../lib/toasts'
import { markPageLive } from '../lib/page-live'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's locale: the path's first segment when it is one, else a link's `locale` query
  // (the join link's demo checkout, mailed links), else the detected one.
  beforeLoad: async ({ context, location }) => {
    const first = location.pathname.split('/')[1]
    const asked = (location.search as { locale?: unknown }).locale
    const locale = isLocale(first) ? first : isLocale(asked) ? asked : detectClientLocale(context.env)
    await activateLocale(locale)
    // Where age assurance shows its banner or pages, their texts come with every page.
    if (context.env.age.outcome !== 'open') await loadNamespaces(locale, ['age'])
    return { locale }
  },
  // What every page has; each page adds its title, description, canonical and alternates.
  head: ({ match, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      // Every page names itself (pages the browser renders do so there); a path no route
      // knows gets the not-found title (and answers 404).
      matches.some((m) => m.status === 'notFound' || m._notFound)
        ? notFoundHead(headContext(match).locale).meta[0]!
        : { title: translations(headContext(match).locale).meta.home() },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'color-scheme', content: 'dark' },
      { name: 'theme-color', content: '#1a1b1e' },
      // Google SafeSearch: the whole site is adult content; and the RTA label parental controls read.
      { name: 'rating', content: 'adult' },
      { name: 'RATING', content: RTA_LABEL },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
    scripts: [{ children: AGE_GATE_SCRIPT }],
  }),
  shellComponent: RootDocument,
  component: RootComponent,
  errorComponent: lazyRouteComponent(() => import('../features/site/ErrorFallback'), 'RootErrorFallback'),
})

/** The whole HTML document, rendered on the server and hydrated in the browser. */
/**
 * The scheme is always dark and the server writes its attribute on <html>: Mantine would write it
 * again as the page starts, and any write of an attribute its styles select on makes the browser
 * restyle the whole page (5–8 ms on a phone-class core).
 */
const noRootElement = () => undefined

function RootDocument({ children }: { children: ReactNode }) {
  const locale = useRouteContext({ from: '__root__', select: (context) => (context as { locale?: string }).locale })
  const env = usePageEnvironment()
  return (
    <html lang={locale ?? 'de'} {...mantineHtmlProps} data-mantine-color-scheme="dark" data-age={pageAgeText(env.age)}>
      <head>
        <HeadContent />
      </head>
      <body>
        {/* The theme's variables and helper classes are a static stylesheet (scripts/theme-css.ts). */}
        <MantineProvider theme={theme} forceColorScheme="dark" getRootElement={noRootElement} withCssVariables={false} withGlobalClasses={false}>
          <Toasts />
          {children}
        </MantineProvider>
        <Scripts />
      </body>
    </html>
  )
}

/** The toasts' container arrives with the first toast (src/lib/toasts.ts): no page starts with one. */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })))

function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false)
  return wanted ? (
    <Suspense fallback={null}>
      {/* At the bottom: toasts never cover the header (user menu, search, join) a visitor reaches for next. */}
      <Notifications position="bottom-right" transitionDuration={700} />
    </Suspense>
  ) : null
}

function RootComponent() {
  const { locale } = Route.useRouteContext()
  useRefreshForSignedInUser()
  // Server-rendered content marks the page live itself once it is hydrated (src/lib/page-live.tsx);
  // content the browser draws (client-only routes) is React's from its first paint.
  const contentFromServer = useRouterState({ select: (state) => state.matches.every((match) => match.ssr !== false) })
  useEffect(() => {
    if (!contentFromServer) markPageLive()
  }, [contentFromServer])
  return (
    <I18nProvider locale={locale}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </I18nProvider>
  )
}
