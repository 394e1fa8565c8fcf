/**
 * The one save and remove of the console's editors. A resource says what differs: its entity,
 * the fields the audit log keeps, how a new row starts and how an input is written onto a row;
 * the steps are the same for all: the row (new, or found by id), its state before, the change,
 * one flush, every server's caches told, its state after.
 */
import type { EntityClass, EntityManager } from '@mikro-orm/postgresql'
import { changed, found, snapshot } from './common.js'

export interface EditedResource<Row extends { id: number }, Input extends { id: number | null }> {
  entity: EntityClass<Row>
  /** What the catalog-changed notification names ("banner"). */
  name: string
  /** The fields the audit log keeps of a row, before and after. */
  fields: readonly (keyof Row & string)[]
  /** A new row, before `apply` fills it in. */
  create: (em: EntityManager, input: Input) => Row | Promise<Row>
  /** Writes the input onto the row (new when `created`); a refused input throws an AppError before anything is flushed. */
  apply: (row: Row, input: Input, edit: { em: EntityManager; created: boolean }) => void | Promise<void>
}

/** Creates (id null) or updates a row; returns its id and its state before and after, for the audit log. */
export async function saveRow<Row extends { id: number }, Input extends { id: number | null }>(
  em: EntityManager,
  resource: EditedResource<Row, Input>,
  input: Input,
) {
  const created = input.id === null
  const row = created ? await resource.create(em, input) : found(await em.findOne(resource.entity, input.id as never))
  const before = created ? null : snapshot(row, resource.fields)
  await resource.apply(row, input, { em, created })
  await em.flush()
  await changed(em, resource.name)
  return { id: row.id, before, after: snapshot(row, resource.fields) }
}

/** Deletes a row; returns its last state, for the audit log. */
export async function removeRow<Row extends { id: number }>(
  em: EntityManager,
  resource: Pick<EditedResource<Row, never>, 'entity' | 'name' | 'fields'>,
  id: number,
) {
  const row = found(await em.findOne(resource.entity, id as never))
  const before = snapshot(row, resource.fields)
  await em.remove(row).flush()
  await changed(em, resource.name)
  return { before }
}
