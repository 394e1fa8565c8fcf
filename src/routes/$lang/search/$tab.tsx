import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageTitle } from '../../../components/PageTitle'
import { useI18n } from '../../../lib/locale'

export const SEARCH_TABS = ['videos', 'images', 'models'] as const

const searchSchema = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''), ''),
})

export const Route = createFileRoute('/$lang/search/$tab')({
  validateSearch: searchSchema,
  beforeLoad: ({ params, search }) => {
    if (!(SEARCH_TABS as readonly string[]).includes(params.tab)) throw notFound()
    // Without a query there is nothing to search: back to the home page.
    if (!search.q) throw redirect({ to: '/$lang', params: { lang: params.lang }, replace: true })
  },
  component: Page,
})

function Page() {
  const { LL } = useI18n()
  const { q } = Route.useSearch()
  return <PageTitle>{`${LL.meta.search()}: ${q}`}</PageTitle>
}
