/**
 * The procedures every catalog editor of the console has: `get` (a row to edit), `save`
 * (create or update) and `remove`, the changes audited under the editor's target type.
 */
import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { idInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import type { Context } from '../../context.js'

/** The input of a list in the console's language. */
export const localeInput = z.object({ locale: z.enum(LOCALES) })

type EditorContext = Pick<Context, 'em' | 'config' | 'now'>

export const getProcedure = <T>(load: (ctx: EditorContext, id: number) => Promise<T>) =>
  adminProcedure.input(idInput).query(({ ctx, input }) => load(ctx, input.id))

/** Saves through `save` (its id, before and after go into the audit log); answers the row's id. */
export function saveProcedure<S extends z.ZodType<{ id: number | null }>>(
  targetType: string,
  schema: S,
  save: (ctx: EditorContext, input: z.output<S>) => Promise<{ id: number; before: unknown; after: unknown }>,
) {
  return auditedProcedure.input(schema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await save(ctx, input as z.output<S>)
    ctx.audit({ targetType, targetId: id, before, after })
    return { id }
  })
}

/** Deletes through `remove` (its last state goes into the audit log); answers the id. */
export function removeProcedure(targetType: string, remove: (ctx: EditorContext, id: number) => Promise<{ before: unknown }>) {
  return auditedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const { before } = await remove(ctx, input.id)
    ctx.audit({ targetType, targetId: input.id, before, after: null })
    return { id: input.id }
  })
}
