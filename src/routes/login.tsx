import { Outlet, createFileRoute } from '@tanstack/react-router'
import { loginArea } from '../features/auth/gates'
import { redirectSearch } from '../features/auth/search'

/** The login area (spec section 2): /login, /login/forgot-password, /login/reset-password. */
export const Route = createFileRoute('/login')({
  ssr: false,
  validateSearch: redirectSearch,
  beforeLoad: ({ context, search }) => loginArea({ context, search }),
  component: Outlet,
})
