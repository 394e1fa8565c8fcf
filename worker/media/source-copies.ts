import fs from 'node:fs/promises'
import path from 'node:path'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { MediaStore } from '../../core/services/media/store.js'

/**
 * With MEDIA_STORE=s3, MEDIA_DIR/sources holds this machine's copies of sources: fetched for a
 * transcode, or kept by an ingest on this machine (keepLocalCopy). A copy whose item is done
 * (ready or failed) is dropped here; the bucket keeps the source. Items without a row yet (an
 * ingest under way) and items still pending or processing keep theirs. On the local disk the
 * folder is the store itself: nothing is dropped.
 */
export async function dropSettledSourceCopies(store: MediaStore, em: EntityManager): Promise<number> {
  if (store.kind !== 's3') return 0
  const keys = await fs.readdir(path.join(store.mediaDir, 'sources')).catch(() => [] as string[])
  if (keys.length === 0) return 0
  const settled = await em.getConnection().execute<Array<{ media_key: string }>>(
    `select media_key from video where media_key = any(?::text[]) and media_status in ('ready', 'failed')
     union select media_key from image_set where media_key = any(?::text[]) and media_status in ('ready', 'failed')`,
    [`{${keys.join(',')}}`, `{${keys.join(',')}}`],
  )
  for (const { media_key: key } of settled) await store.releaseSource(key)
  return settled.length
}
