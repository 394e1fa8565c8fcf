import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { ButtonLink } from '../components/links'
import { ensureList } from '../features/catalog/list-route'
import { listSearchDefaults, listSearchSchema } from '../features/catalog/list-search'
import { tabProps } from '../features/catalog/RouteTabs'
import { protectedArea } from '../features/auth/gates'
import { PersonalList } from '../features/playback/PersonalList'
import { useI18n } from '../lib/locale'
import { staticHead } from '../lib/seo'

const TYPES = { videos: 'videos', images: 'imageSets' } as const

const searchSchema = v.object({
  ...listSearchSchema('videos').entries,
  /** Videos (default) or image sets saved for later. */
  type: v.optional(v.fallback(v.picklist(['videos', 'images']), 'videos'), 'videos'),
})

/** /watch-later: the videos (or image sets) the signed-in user saved for later, with the list rules. */
export const Route = createFileRoute('/watch-later')({
  ssr: false,
  head: staticHead('watchLater', { noindex: true }),
  validateSearch: searchSchema,
  search: {
    middlewares: [
      ...listSearchDefaults<v.InferOutput<typeof searchSchema>>('videos'),
      stripSearchParams<v.InferOutput<typeof searchSchema>>({ type: 'videos' }),
    ],
  },
  beforeLoad: ({ context, location }) => protectedArea({ context, location }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => ensureList(context, TYPES[deps.type], context.locale, deps, { watch_later: true }),
  component: WatchLaterPage,
})

function WatchLaterPage() {
  const { LL } = useI18n()
  const { type, sort, page } = Route.useSearch()
  return (
    <PersonalList
      title={LL.meta.watchLater()}
      tabsLabel={LL.playback.lists.watchLaterTabs()}
      tabs={(['videos', 'images'] as const).map((name) => (
        <ButtonLink key={name} to="/watch-later" search={name === 'videos' ? {} : { type: name }} {...tabProps(type === name)}>
          {LL.catalog.tabs[name]()}
        </ButtonLink>
      ))}
      kind={TYPES[type]}
      search={{ sort, page }}
      filter="watch_later"
      empty={LL.playback.lists.noWatchLater()}
    />
  )
}
