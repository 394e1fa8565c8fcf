import { Outlet, createFileRoute } from '@tanstack/react-router'
import { protectedArea } from '../features/auth/gates'
import { staticHead } from '../lib/seo'

/** /favorites and its tabs are in the protected area (spec section 2). */
export const Route = createFileRoute('/favorites')({
  ssr: false,
  head: staticHead('favorites', { noindex: true }),
  beforeLoad: protectedArea,
  component: Outlet,
})
