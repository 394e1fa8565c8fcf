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
import { allLocales, changed, filled, found, snapshot } from './common.js'
import { pictureRefs, pictureUrl } from './pictures.js'

const FIELDS = ['position', 'title', 'image', 'linkPath', 'sortOrder', 'active', 'startsAt', 'endsAt'] as const

/** Whether a banner is on the home page at `now`. */
const isShowing = (banner: Pick<Banner, 'active' | 'startsAt' | 'endsAt'>, now: Date) =>
  banner.active && (!banner.startsAt || banner.startsAt <= now) && (!banner.endsAt || banner.endsAt > now)

export async function listBannersForAdmin(em: EntityManager, locale: Locale, now: Date) {
  const rows = await em.find(Banner, {}, { orderBy: { position: 'desc', sortOrder: 'asc', id: 'asc' } })
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: localize(row.title, locale),
    linkPath: row.linkPath ?? null,
    sortOrder: row.sortOrder,
    active: row.active,
    showing: isShowing(row, now),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    imageUrl: pictureUrl(row.image),
  }))
}

export async function bannerForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(Banner, id))
  return {
    id: row.id,
    position: row.position,
    title: allLocales(row.title),
    linkPath: row.linkPath ?? null,
    sortOrder: row.sortOrder,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    imageUrl: pictureUrl(row.image),
  }
}

export async function saveBanner(em: EntityManager, store: MediaStore, input: BannerInput) {
  const image = input.image ? (await pictureRefs(store, 'banner', input.image, 'image')).image : null
  const row = input.id === null ? em.create(Banner, { position: input.position, title: {}, image: image! }) : found(await em.findOne(Banner, input.id))
  const before = input.id === null ? null : snapshot(row, FIELDS)
  row.position = input.position
  row.title = filled(input.title)
  row.linkPath = input.linkPath || null
  row.sortOrder = input.sortOrder
  row.active = input.active
  row.startsAt = input.startsAt ? new Date(input.startsAt) : null
  row.endsAt = input.endsAt ? new Date(input.endsAt) : null
  if (image) row.image = image
  await em.flush()
  await changed(em, 'banner')
  return { id: row.id, before, after: snapshot(row, FIELDS) }
}

export async function removeBanner(em: EntityManager, id: number) {
  const row = found(await em.findOne(Banner, id))
  const before = snapshot(row, FIELDS)
  await em.remove(row).flush()
  await changed(em, 'banner')
  return { before }
}
