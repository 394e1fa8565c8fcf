import { createFileRoute, redirect } from '@tanstack/react-router'

/** /admin opens the audit log. */
export const Route = createFileRoute('/admin/')({
  ssr: false,
  beforeLoad: () => {
    throw redirect({ to: '/admin/audit', replace: true })
  },
})
