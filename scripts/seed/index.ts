import type { Orm } from '../../core/db/orm.js'
import { loadConfig, type Config } from '../../core/config.js'
import { Category } from '../../core/db/entities/index.js'
import { refreshSearchStatistics } from '../../core/services/catalog/search-statistics.js'
import { releaseDueItems } from '../../core/services/catalog/release.js'
import { DEMO_CATALOG, seedCatalogRows, type CatalogSize } from './catalog.js'
import { seedFaq } from './faq.js'
import { seedLegalPages } from './legal.js'
import { ensurePlans } from './plans.js'

export interface SeedOptions {
  size?: CatalogSize
  log?: (line: string) => void
  config?: Config
}

/** True when the database holds no catalog yet. */
export async function isEmpty(orm: Orm): Promise<boolean> {
  return (await orm.em.fork().count(Category, {})) === 0
}

/** The synthetic demo catalog; every step is safe to run on an empty database only. */
export async function seedDemo(orm: Orm, { size = DEMO_CATALOG, log = () => undefined, config = loadConfig() }: SeedOptions = {}) {
  const em = orm.em.fork()
  const rows = await seedCatalogRows(em, size)
  log(`seeded ${rows.categories.length} categories, ${rows.models.length} models, ${rows.videos.length} videos, ${rows.imageSets.length} image sets`)
  // Synthetic sources through the media pipeline, shared among the demo rows (loaded only
  // here: a start on a seeded database needs none of the media code).
  const { seedMedia } = await import('./media.js')
  await seedMedia(orm, config, rows, { videos: size.upcomingVideos, imageSets: size.upcomingImageSets }, log)
  const released = await releaseDueItems(em, new Date())
  log(`released ${released.videos} videos and ${released.imageSets} image sets; the rest are coming soon`)
  await refreshSearchStatistics(em)
}

/**
 * Site content every database needs, seeded where its table is still empty (also on a
 * database that already holds a catalog): the legal pages, the FAQ and the plan catalogue.
 */
export async function seedSiteContent(orm: Orm, log: (line: string) => void = () => undefined) {
  const pages = await seedLegalPages(orm.em.fork())
  if (pages) log(`seeded ${pages} legal pages`)
  const questions = await seedFaq(orm.em.fork())
  if (questions) log(`seeded ${questions} FAQ entries`)
  const plans = await ensurePlans(orm.em.fork())
  if (plans) log(`seeded ${plans} plans`)
}
