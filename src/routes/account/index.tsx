import { createFileRoute, redirect } from '@tanstack/react-router'
import { protectedArea } from '../../features/auth/gates'

/** /account is protected and opens the password page. */
export const Route = createFileRoute('/account/')({
  ssr: false,
  beforeLoad: async (args) => {
    await protectedArea(args)
    throw redirect({ to: '/account/password', replace: true })
  },
})
