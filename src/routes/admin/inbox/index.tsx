import { createFileRoute, redirect } from '@tanstack/react-router'

/** /admin/inbox opens the removal reports, the inbox's part with a deadline. */
export const Route = createFileRoute('/admin/inbox/')({
  ssr: false,
  beforeLoad: () => {
    throw redirect({ to: '/admin/inbox/reports', replace: true })
  },
})
