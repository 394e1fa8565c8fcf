import { Stack, Text } from '@mantine/core'
import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { isLocale } from '../../../core/domain/locale.js'
import { ButtonLink } from '../../components/links'
import { PageTitle } from '../../components/PageTitle'
import { ContentList } from '../../features/catalog/ContentList'
import { ensureList } from '../../features/catalog/list-route'
import { listSearchSchema } from '../../features/catalog/list-search'
import { RouteTabs, tabProps } from '../../features/catalog/RouteTabs'
import { useI18n } from '../../lib/locale'
import { staticHead } from '../../lib/seo'

const searchSchema = v.object({
  page: listSearchSchema('videos').entries.page,
  /** Anything but videos or images redirects to videos (spec section 2). */
  type: v.fallback(v.optional(v.picklist(['videos', 'images'])), undefined),
})

/** Items whose publish date is still ahead, the next release first, with their release date. */
export const Route = createFileRoute('/$lang/coming-soon')({
  head: staticHead('comingSoon'),
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: ({ search, params }) => {
    if (!search.type) throw redirect({ to: '/$lang/coming-soon', params, search: { type: 'videos' }, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    isLocale(params.lang)
      ? ensureList(context, deps.type === 'images' ? 'imageSets' : 'videos', params.lang, { sort: 'newest', page: deps.page }, { soon: true })
      : undefined,
  component: ComingSoonPage,
})

function ComingSoonPage() {
  const { LL } = useI18n()
  const search = Route.useSearch()
  const params = Route.useParams()
  const type = search.type ?? 'videos'
  return (
    <Stack gap="md">
      <PageTitle>{LL.meta.comingSoon()}</PageTitle>
      <Text c="dimmed" mt={-12}>
        {LL.catalog.comingSoon.intro()}
      </Text>
      <RouteTabs label={LL.catalog.tabs.label()}>
        <ButtonLink to="/$lang/coming-soon" params={params} search={{ type: 'videos' }} {...tabProps(type === 'videos')}>
          {LL.catalog.tabs.videos()}
        </ButtonLink>
        <ButtonLink to="/$lang/coming-soon" params={params} search={{ type: 'images' }} {...tabProps(type === 'images')}>
          {LL.catalog.tabs.images()}
        </ButtonLink>
      </RouteTabs>
      <ContentList kind={type === 'images' ? 'imageSets' : 'videos'} search={{ sort: 'newest', page: search.page }} filters={{ soon: true }} sortable={false} />
    </Stack>
  )
}
