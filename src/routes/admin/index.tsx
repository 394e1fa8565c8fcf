import { createFileRoute, redirect } from '@tanstack/react-router'

/** /admin opens the pipeline, the page ops look at most. */
export const Route = createFileRoute('/admin/')({
  ssr: false,
  beforeLoad: () => {
    throw redirect({ to: '/admin/pipeline', replace: true })
  },
})
