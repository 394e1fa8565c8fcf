import { p } from '@mikro-orm/core'

/**
 * Property builders for the column groups that recur across the entities: the time a row was
 * inserted or last changed, and references that delete a row together with the row it belongs
 * to. Each returns an ordinary MikroORM builder, so more options chain on as usual
 * (`ownerReference(User).nullable().index()`).
 */

/** What p.manyToOne accepts: an entity class or schema. */
export type ReferenceTarget = Parameters<typeof p.manyToOne>[0]

const now = () => new Date()

/** The time the row was inserted, set by MikroORM (created, received, first seen). */
export const timeOfInsert = () => p.datetime().onCreate(now)

/** The time the row was inserted or last updated, set by MikroORM. */
export const timeOfLastChange = () => p.datetime().onCreate(now).onUpdate(now)

/** A reference to the row this one belongs to: deleted together with it (on delete cascade). */
export const ownerReference = <Target extends ReferenceTarget>(target: Target) => p.manyToOne(target).deleteRule('cascade')

/**
 * A reference that is part of the primary key, deleted together with the row it names: the
 * columns of a pivot or of a per-user row (a user's state for one video, a download counter).
 */
export const ownerKey = <Target extends ReferenceTarget>(target: Target) => p.manyToOne(target).primary().deleteRule('cascade')

/**
 * One property whose name the caller chooses, typed with that name: for the entity factories
 * whose item reference is named after the item (`video`, `imageSet`, `model`).
 */
export const namedProperty = <const Key extends string, Value>(key: Key, value: Value) => ({ [key]: value }) as Record<Key, Value>
