/**
 * The API's shapes as the client receives them: inferred from the router (what tRPC really
 * sends, after JSON), so the client never imports the server's services. Name a shape here
 * once and import it from this file.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/root.js'

type Outputs = inferRouterOutputs<AppRouter>
type Catalog = Outputs['catalog']

export type ListMeta = Catalog['videos']['meta']
export interface ListResult<T> {
  items: T[]
  meta: ListMeta
}

export type VideoItem = Catalog['videos']['items'][number]
export type ImageSetItem = Catalog['imageSets']['items'][number]
export type ModelItem = Catalog['models']['items'][number]
export type CategoryItem = Catalog['categories']['items'][number]
export type BannerItem = Catalog['banners'][number]

export type VideoDetail = Catalog['video']
export type ImageSetDetail = Catalog['imageSet']
export type ModelDetail = Catalog['model']
export type CategoryDetail = Catalog['category']

export type ModelRef = NonNullable<VideoItem['featuredModel']>
export type Picture = NonNullable<ModelRef['avatar']>
export type UserItemState = NonNullable<VideoItem['state']>
export type Rating = NonNullable<UserItemState['rating']>

export type VideoPlayback = Outputs['playback']['video']
export type SignedPicture = Outputs['playback']['imageSet']['images'][number]['web']
export type InteractionResult = Outputs['interactions']['update']

/** A video or image set as the console's item page edits it. */
export type AdminContent = Outputs['admin']['content']['item']
/** A removal report as the console's inbox shows one. */
export type AdminReport = Outputs['admin']['inbox']['report']
/** A user as the console's users page shows one. */
export type AdminUser = Outputs['admin']['users']['user']

/** The console's areas whose rows are listed, created and edited there (/admin/{area}, /admin/{area}/{id|new}). */
export type EditorArea = 'banners' | 'categories' | 'models' | 'faq' | 'plans'
/** A row of an editor as its `get` answers it. */
export type EditorRow<A extends EditorArea> = Outputs['admin'][A]['get']
/** An editor's form values: what its `save` takes. */
export type EditorValues<A extends EditorArea> = inferRouterInputs<AppRouter>['admin'][A]['save']
/** A row of an editor's list. */
export type EditorListRow<A extends EditorArea> = Outputs['admin'][A]['list'][number]
