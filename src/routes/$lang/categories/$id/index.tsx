import { createFileRoute, redirect } from '@tanstack/react-router'

/** /categories/{id} opens its videos tab (spec section 2). */
export const Route = createFileRoute('/$lang/categories/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$lang/categories/$id/$tab', params: { ...params, tab: 'videos' }, replace: true })
  },
})
