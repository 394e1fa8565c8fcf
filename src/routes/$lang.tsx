import { Outlet, createFileRoute, notFound, redirect, type AnyRoute } from '@tanstack/react-router'
import { isLocale } from '../../core/domain/locale.js'
import { detectClientLocale } from '../lib/locale'
import { PageLive } from '../lib/page-live'

/** Whether some page lives under /{lang}/{segment} (read from this route's children). */
function isPageSection(segment: string): boolean {
  const children = Object.values(((Route as unknown as AnyRoute).children ?? {}) as Record<string, AnyRoute>)
  return children.some((child) => (child.fullPath as string).split('/')[2] === segment)
}

/**
 * Every locale-prefixed page. A path whose first segment is not a language but a page of the
 * site is sent there under the detected language (so /videos becomes /de/videos); any other
 * path is not found.
 */
export const Route = createFileRoute('/$lang')({
  beforeLoad: ({ context, params, location }) => {
    if (isLocale(params.lang)) return
    if (!isPageSection(params.lang)) throw notFound()
    throw redirect({ href: `/${detectClientLocale(context.env)}${location.href}`, replace: true })
  },
  component: LocalePages,
})

function LocalePages() {
  return (
    <>
      <Outlet />
      <PageLive />
    </>
  )
}
