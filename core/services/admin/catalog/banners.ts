/**
 * The console's banner editor: the home page's top and bottom carousels. A banner shows while
 * it is active and inside its schedule (from startsAt, until endsAt); the public list applies
 * the same rule in SQL (catalog/index.ts `banners`).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Banner } from '../../../db/entities/index.js'
import { localize, type Locale } from '../../../domain/locale.js'
import type { BannerInput } from '../../../domain/schemas/catalog-admin.js'
import type { MediaStore } from '../../media/store.js'
import { allLocales, filled, found } from './common.js'
import { removeRow, saveRow, type EditedResource } from './edit.js'
import { pictureRefs, pictureUrl } from './pictures.js'

const FIELDS = ['position', 'title', 'image', 'linkPath', 'sortOrder', 'active', 'startsAt', 'endsAt'] as const

/** Whether a banner is on the home page at `now`. */
const isShowing = (banner: Pick<Banner, 'active' | 'startsAt' | 'endsAt'>, now: Date) =>
  banner.active && (!banner.startsAt || banner.startsAt <= now) && (!banner.endsAt || banner.endsAt > now)

/** What the list and the editor both show of a banner (its title aside). */
const bannerFields = (row: Banner) => ({
  id: row.id,
  position: row.position,
  linkPath: row.linkPath ?? null,
  sortOrder: row.sortOrder,
  active: row.active,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  imageUrl: pictureUrl(row.image),
})

export async function listBannersForAdmin(em: EntityManager, locale: Locale, now: Date) {
  const rows = await em.find(Banner, {}, { orderBy: { position: 'desc', sortOrder: 'asc', id: 'asc' } })
  return rows.map((row) => ({ ...bannerFields(row), title: localize(row.title, locale), showing: isShowing(row, now) }))
}

export async function bannerForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(Banner, id))
  return { ...bannerFields(row), title: allLocales(row.title) }
}

/** A banner's picture: required for a new banner (the schema says so), kept when none is sent. */
const bannerImage = async (store: MediaStore, key: string) => (await pictureRefs(store, 'banner', key, 'image')).image

const banners = (store: MediaStore): EditedResource<Banner, BannerInput> => ({
  entity: Banner,
  name: 'banner',
  fields: FIELDS,
  create: async (em, input) => em.create(Banner, { position: input.position, title: {}, image: await bannerImage(store, input.image!) }),
  apply: async (row, input, { created }) => {
    if (input.image && !created) row.image = await bannerImage(store, input.image)
    row.position = input.position
    row.title = filled(input.title)
    row.linkPath = input.linkPath || null
    row.sortOrder = input.sortOrder
    row.active = input.active
    row.startsAt = input.startsAt ? new Date(input.startsAt) : null
    row.endsAt = input.endsAt ? new Date(input.endsAt) : null
  },
})

export const saveBanner = (em: EntityManager, store: MediaStore, input: BannerInput) => saveRow(em, banners(store), input)

export const removeBanner = (em: EntityManager, id: number) => removeRow(em, { entity: Banner, name: 'banner', fields: FIELDS }, id)
