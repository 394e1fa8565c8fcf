import { createFileRoute, notFound } from '@tanstack/react-router'
import type { ListKind } from '../../../core/domain/catalog/list.js'
import { ButtonLink } from '../../components/links'
import { ensureList } from '../../features/catalog/list-route'
import { listSearchDefaults, listSearchSchema } from '../../features/catalog/list-search'
import { tabProps } from '../../features/catalog/RouteTabs'
import { PersonalList } from '../../features/playback/PersonalList'
import { useI18n } from '../../lib/locale'

const FAVORITE_TABS = { videos: 'videos', images: 'imageSets', models: 'models' } as const satisfies Record<string, ListKind>
type Tab = keyof typeof FAVORITE_TABS

/** /favorites/{videos,images,models}: what the signed-in user marked as favorite, with the list rules. */
export const Route = createFileRoute('/favorites/$tab')({
  validateSearch: listSearchSchema('videos'),
  search: { middlewares: listSearchDefaults('videos') },
  beforeLoad: ({ params }) => {
    if (!(params.tab in FAVORITE_TABS)) throw notFound()
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => ensureList(context, FAVORITE_TABS[params.tab as Tab], context.locale, deps, { favorite: true }),
  component: FavoritesPage,
})

function FavoritesPage() {
  const { LL } = useI18n()
  const tab = Route.useParams().tab as Tab
  const search = Route.useSearch()
  return (
    <PersonalList
      title={LL.meta.favorites()}
      tabsLabel={LL.playback.lists.favoritesTabs()}
      tabs={(Object.keys(FAVORITE_TABS) as Tab[]).map((name) => (
        <ButtonLink key={name} to="/favorites/$tab" params={{ tab: name }} {...tabProps(tab === name)}>
          {LL.catalog.tabs[name]()}
        </ButtonLink>
      ))}
      kind={FAVORITE_TABS[tab]}
      search={search}
      filter="favorite"
      empty={LL.playback.lists.noFavorites()}
    />
  )
}
