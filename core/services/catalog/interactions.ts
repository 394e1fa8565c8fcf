/**
 * A signed-in user's partial update of a video, image set or model (spec sections 4 and 7):
 * rating, favorite, watch later, view. The item's likes/dislikes (and views) follow the stored
 * state in the same transaction: the user's state row is locked first (FOR UPDATE, so a second
 * tab waits and then sees the first one's result), then the item's counters move by the
 * difference between the old and the new rating. Counts therefore always equal the stored
 * ratings, however fast two tabs click.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { InteractionKind } from '../../domain/schemas/interactions.js'
import { AppError } from '../../domain/errors.js'
import type { Rating, UserItemState } from './dto.js'
import { query, raw, sql } from '../../db/sql.js'
import { released } from './released.js'

export interface InteractionChange {
  kind: InteractionKind
  id: number
  rating?: Rating | null
  favorite?: boolean
  watch_later?: boolean
  view?: true
}

export interface InteractionResult {
  state: UserItemState
  likes: number
  dislikes: number
  views: number
}

const INTERACTION_TABLES: Record<InteractionKind, { item: string; state: string; column: string; visible: string }> = {
  video: { item: 'video', state: 'video_state', column: 'video_id', visible: released('video') },
  imageSet: { item: 'image_set', state: 'image_set_state', column: 'image_set_id', visible: released('image_set') },
  model: { item: 'performer', state: 'model_state', column: 'model_id', visible: 'true' },
}

interface StateRow {
  rating: Rating | null
  favorite: boolean
  watch_later: boolean
  viewed_at: Date | null
}

const likeDelta = (rating: Rating | null, which: Rating) => (rating === which ? 1 : 0)

export async function updateInteraction(em: EntityManager, userId: number, change: InteractionChange, now: Date): Promise<InteractionResult> {
  const t = INTERACTION_TABLES[change.kind]
  const item = raw(t.item)
  const state = raw(t.state)
  const column = raw(t.column)
  return em.transactional(async (tx) => {
    const exists = await query(tx, sql`select 1 from ${item} where id = ${change.id} and ${raw(t.visible)}`)
    if (!exists.length) throw new AppError('NOT_FOUND', 'notFound')
    await query(tx, sql`insert into ${state} (user_id, ${column}, updated_at) values (${userId}, ${change.id}, ${now}) on conflict do nothing`)
    const [old] = await query<StateRow>(
      tx,
      sql`select rating, favorite, watch_later, viewed_at from ${state} where user_id = ${userId} and ${column} = ${change.id} for update`,
    )
    const next: StateRow = { ...old! }
    let likes = 0
    let dislikes = 0
    let views = 0
    if (change.rating !== undefined) {
      next.rating = change.rating
      likes = likeDelta(next.rating, 'like') - likeDelta(old!.rating, 'like')
      dislikes = likeDelta(next.rating, 'dislike') - likeDelta(old!.rating, 'dislike')
    }
    if (change.favorite !== undefined) next.favorite = change.favorite
    if (change.watch_later !== undefined) next.watch_later = change.watch_later
    if (change.view && !old!.viewed_at) {
      next.viewed_at = now
      views = 1
    }
    await query(
      tx,
      sql`update ${state} set rating = ${next.rating}, favorite = ${next.favorite}, watch_later = ${next.watch_later},
            viewed_at = ${next.viewed_at}, updated_at = ${now}
          where user_id = ${userId} and ${column} = ${change.id}`,
    )
    const [counts] =
      likes || dislikes || views
        ? await query<{ likes: number; dislikes: number; views: number }>(
            tx,
            sql`update ${item} set likes = likes + ${likes}, dislikes = dislikes + ${dislikes}, views = views + ${views}
                where id = ${change.id} returning likes, dislikes, views`,
          )
        : await query<{ likes: number; dislikes: number; views: number }>(tx, sql`select likes, dislikes, views from ${item} where id = ${change.id}`)
    return {
      state: { rating: next.rating, favorite: next.favorite, watchLater: next.watch_later, view: next.viewed_at !== null },
      likes: counts!.likes,
      dislikes: counts!.dislikes,
      views: counts!.views,
    }
  })
}

/** The current counters of one item (detail pages show them fresh to signed-in users). */
export async function freshCounts(em: EntityManager, kind: InteractionKind, id: number): Promise<{ likes: number; dislikes: number; views: number } | null> {
  const rows = await query<{ likes: number; dislikes: number; views: number }>(
    em,
    sql`select likes, dislikes, views from ${raw(INTERACTION_TABLES[kind].item)} where id = ${id}`,
  )
  return rows[0] ?? null
}
