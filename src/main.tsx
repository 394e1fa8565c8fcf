import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/carousel/styles.css'
import './styles.css'
import { detectLocale } from '../core/domain/locale.js'
import { activateLocale } from './lib/locale'
import type { PageEnvironment } from './lib/page-environment'
import { createBrowserApiClient, createQueryClient } from './lib/trpc'
import { createAppRouter } from './router'
import { followPlainLinks } from './lib/plain-links'

/**
 * The browser entry: the server rendered the page; this makes it live. The router takes its
 * state, the query cache and the page environment from the page (dehydrated by the server).
 */
async function start() {
  // Filled from the server's values while the router hydrates.
  const env: PageEnvironment = { publicUrl: window.location.origin, isBot: false, preferredLocale: 'de', breakpoint: 'lg', renderedAt: Date.now() }
  const router = createAppRouter({ queryClient: createQueryClient(), apiClient: createBrowserApiClient(), env })
  followPlainLinks(router)
  // The page's dictionary must be there before the first render matches the server's HTML.
  await activateLocale(detectLocale([document.documentElement.lang]))
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    { onRecoverableError: (error, info) => console.error('hydration', error, info.componentStack) },
  )
}

void start()
