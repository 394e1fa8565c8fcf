import type { EntityManager } from '@mikro-orm/postgresql'
import { releaseDue } from './released.js'

export const CATALOG_CHANNEL = 'catalog_changed'

/**
 * Releases every video and image set whose media is ready and whose publish time has come
 * (the rule of domain/publish.ts, applied in SQL so it scales to any catalog size), and tells
 * listening servers that the catalog changed.
 */
export async function releaseDueItems(em: EntityManager, now: Date): Promise<{ videos: number; imageSets: number }> {
  const release = (table: 'video' | 'image_set') =>
    em.getConnection().execute<{ id: number }[]>(
      `update "${table}" set released_at = ?, updated_at = ?
        where released_at is null and ${releaseDue(table, `"${table}"`)}
        returning id`,
      [now, now, now],
    )
  const [videos, imageSets] = await em.transactional(async () => [await release('video'), await release('image_set')])
  if (videos.length + imageSets.length > 0) await notifyCatalogChanged(em, 'release')
  return { videos: videos.length, imageSets: imageSets.length }
}

/**
 * Tells every server that the catalog changed, so their caches drop what they hold. Call it
 * after any change to what lists or detail pages show (new or edited items, models, categories,
 * banners); inside a transaction the notification is sent on commit.
 */
export async function notifyCatalogChanged(em: EntityManager, reason: string): Promise<void> {
  await em.getConnection().execute(`select pg_notify(?, ?)`, [CATALOG_CHANNEL, reason], 'run', em.getTransactionContext())
}
