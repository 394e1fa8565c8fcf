import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import '@mantine/core/styles.css'
import './theme.generated.css'
import '@mantine/notifications/styles.css'
import '@mantine/carousel/styles.css'
import './styles.css'
import { detectLocale } from '../core/domain/locale.js'
import { activateLocale, loadNamespaces } from './lib/locale'
import type { PageEnvironment } from './lib/page-environment'
import { parsePageAge } from '../core/render-contract.js'
import { createBrowserApiClient, createQueryClient } from './lib/trpc'
import { createAppRouter } from './router'
import { followPlainLinks } from './lib/plain-links'

/**
 * The browser entry: the server rendered the page; this makes it live. The router takes its
 * state, the query cache and the page environment from the page (dehydrated by the server).
 */
async function start() {
  // Filled from the server's values while the router hydrates.
  // The age-assurance answer is read from the page before the router starts: it decides which
  // page the router shows at a gated address (src/router.tsx).
  const age = parsePageAge(document.documentElement.dataset.age)
  const env: PageEnvironment = { publicUrl: window.location.origin, isBot: false, preferredLocale: 'de', breakpoint: 'lg', renderedAt: Date.now(), age }
  const router = createAppRouter({ queryClient: createQueryClient(), apiClient: createBrowserApiClient(), env })
  followPlainLinks(router)
  // The page's dictionary must be there before the first render matches the server's HTML.
  const locale = detectLocale([document.documentElement.lang])
  await activateLocale(locale)
  // …with the age-assurance texts where the policy shows its banner or pages (the root route
  // loads them too, but the first render hydrates the server's HTML before that).
  if (age.outcome !== 'open' || /^\/([a-z]{2}\/(verify-age|age-assurance|age-blocked)|dev-age-check)(\/|$)/.test(window.location.pathname))
    await loadNamespaces(locale, ['age'])
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    { onRecoverableError: (error, info) => console.error('hydration', error, info.componentStack) },
  )
}

void start()
