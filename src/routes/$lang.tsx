import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { isLocale } from '../../server/domain/locale.js'
import { detectClientLocale } from '../lib/locale'

/**
 * Every locale-prefixed page. A path whose first segment is not a language is sent to the
 * same path under the detected language (so /videos becomes /de/videos).
 */
export const Route = createFileRoute('/$lang')({
  beforeLoad: ({ context, params, location }) => {
    if (!isLocale(params.lang)) {
      throw redirect({ href: `/${detectClientLocale(context.env)}${location.href}`, replace: true })
    }
  },
  component: Outlet,
})
