import { Outlet, createFileRoute } from '@tanstack/react-router'
import { protectedArea } from '../features/auth/gates'

/** /favorites and its tabs are in the protected area (spec section 2). */
export const Route = createFileRoute('/favorites')({
  beforeLoad: protectedArea,
  component: Outlet,
})
