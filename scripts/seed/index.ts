import type { Orm } from '../../server/db/orm.js'
import { Category } from '../../server/db/entities/index.js'
import { releaseDueItems } from '../../server/services/release.js'
import { DEMO_CATALOG, seedCatalogRows, type CatalogSize } from './catalog.js'
import { seedLegalPages } from './legal.js'
import { ensurePlans } from './plans.js'
import { seedPictures } from './pictures.js'

export interface SeedOptions {
  size?: CatalogSize
  log?: (line: string) => void
  /** Where the pictures of models, categories and banners go; without it they stay empty. */
  mediaDir?: string
}

/** True when the database holds no catalog yet. */
export async function isEmpty(orm: Orm): Promise<boolean> {
  return (await orm.em.fork().count(Category, {})) === 0
}

/** The synthetic demo catalog; every step is safe to run on an empty database only. */
export async function seedDemo(orm: Orm, { size = DEMO_CATALOG, log = () => undefined, mediaDir }: SeedOptions = {}) {
  const em = orm.em.fork()
  const rows = await seedCatalogRows(em, size)
  log(`seeded ${rows.categories.length} categories, ${rows.models.length} models, ${rows.videos.length} videos, ${rows.imageSets.length} image sets`)
  if (mediaDir) {
    const started = Date.now()
    const pictures = await seedPictures(mediaDir, rows)
    await em.flush()
    log(`made pictures for ${pictures.models} models, ${pictures.categories} categories and ${pictures.banners} banners in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  // Until the media pipeline has made files for them, demo items count as ready.
  await em.getConnection().execute(`update video set media_status = 'ready'`)
  await em.getConnection().execute(`update image_set set media_status = 'ready'`)
  const released = await releaseDueItems(em, new Date())
  log(`released ${released.videos} videos and ${released.imageSets} image sets; the rest are coming soon`)
}

/**
 * Site content every database needs, seeded where its table is still empty (also on a
 * database that already holds a catalog): the legal pages and the plan catalogue.
 */
export async function seedSiteContent(orm: Orm, log: (line: string) => void = () => undefined) {
  const pages = await seedLegalPages(orm.em.fork())
  if (pages) log(`seeded ${pages} legal pages`)
  const plans = await ensurePlans(orm.em.fork())
  if (plans) log(`seeded ${plans} plans`)
}
