import { createFileRoute, redirect } from '@tanstack/react-router'

/** /favorites opens its first tab (spec section 2). */
export const Route = createFileRoute('/favorites/')({
  beforeLoad: () => {
    throw redirect({ to: '/favorites/$tab', params: { tab: 'videos' }, replace: true })
  },
})
