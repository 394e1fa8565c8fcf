import { Stack } from '@mantine/core'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { isLocale } from '../../../../core/domain/locale.js'
import type { ListKind } from '../../../../core/domain/catalog/list.js'
import { ButtonLink } from '../../../components/links'
import { PageTitle } from '../../../components/PageTitle'
import { ContentList } from '../../../features/catalog/ContentList'
import { ensureList } from '../../../features/catalog/list-route'
import { listSearchDefaults, listSearchSchema } from '../../../features/catalog/list-search'
import { RouteTabs, tabProps } from '../../../features/catalog/RouteTabs'
import { useI18n } from '../../../lib/locale'
import { staticHead } from '../../../lib/seo'

const SEARCH_TABS = ['videos', 'images', 'models'] as const
const KIND: Record<(typeof SEARCH_TABS)[number], ListKind> = { videos: 'videos', images: 'imageSets', models: 'models' }

const searchSchema = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.trim()), ''), ''),
  ...listSearchSchema('videos', true).entries,
})

export const Route = createFileRoute('/$lang/search/$tab')({
  head: staticHead('search', { noindex: true }),
  validateSearch: searchSchema,
  search: { middlewares: listSearchDefaults<v.InferOutput<typeof searchSchema>>('videos', true) },
  beforeLoad: ({ params, search }) => {
    if (!(SEARCH_TABS as readonly string[]).includes(params.tab)) throw notFound()
    // Without a query there is nothing to search: back to the home page.
    if (!search.q) throw redirect({ to: '/$lang', params: { lang: params.lang }, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    // The schema module (zod) comes with this page, not with every page's first load.
    const { searchTextSchema } = await import('../../../../core/domain/schemas/catalog')
    const q = searchTextSchema.safeParse(deps.q)
    if (!isLocale(params.lang) || !q.success) return
    return ensureList(context, KIND[params.tab as keyof typeof KIND], params.lang, deps, { q: q.data })
  },
  component: SearchPage,
})

function SearchPage() {
  const { LL } = useI18n()
  const params = Route.useParams()
  const { q, sort, page } = Route.useSearch()
  const tab = params.tab as keyof typeof KIND
  const query = q.slice(0, 100)
  // A sort a tab does not know (alphabetic on videos, longest on models) falls back on the server.
  return (
    <Stack gap="md">
      <PageTitle>{LL.catalog.search.resultsFor({ q: query })}</PageTitle>
      <RouteTabs label={LL.catalog.tabs.label()}>
        {SEARCH_TABS.map((name) => (
          <ButtonLink key={name} to="/$lang/search/$tab" params={{ ...params, tab: name }} search={{ q }} {...tabProps(tab === name)}>
            {LL.catalog.tabs[name]()}
          </ButtonLink>
        ))}
      </RouteTabs>
      <ContentList kind={KIND[tab]} search={{ sort, page }} filters={{ q: query }} searching empty={LL.catalog.search.none({ q: query })} />
    </Stack>
  )
}
