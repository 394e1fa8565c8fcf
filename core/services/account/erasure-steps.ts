/**
 * What deleting an account does to the rows around it, step by step, inside the deletion's one
 * transaction (core/services/account/deletion.ts), before the account's row goes (and with it,
 * by their foreign keys' ON DELETE CASCADE, its sessions, mailed-link tokens, passkeys, address
 * changes, favorites, lists, ratings, viewing history, watch positions and download counts).
 * A table that holds a member's data and cannot simply cascade gets a step here; docs/accounts.md
 * ("What deletion erases, and what is kept") lists them.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { anonymisedPayload } from '../../domain/billing/anonymise.js'

interface ErasureSubject {
  userId: number
  /** Every address of the account, in lower case: the current one and those of its address changes. */
  addresses: string[]
}

export interface ErasureStep {
  name: string
  run(tx: EntityManager, subject: ErasureSubject): Promise<void>
}

const execute = (tx: EntityManager, sql: string, params: unknown[]) => tx.execute(sql, params, 'run')

export const ERASURE_STEPS: ErasureStep[] = [
  {
    // The items' like and dislike counters equal the stored ratings: the member's ratings leave them.
    name: 'ratings leave the counters',
    async run(tx, { userId }) {
      for (const [item, state, column] of [
        ['video', 'video_state', 'video_id'],
        ['image_set', 'image_set_state', 'image_set_id'],
        ['performer', 'model_state', 'model_id'],
      ] as const) {
        await execute(
          tx,
          `update ${item} i set likes = greatest(0, i.likes - (s.rating = 'like')::int), dislikes = greatest(0, i.dislikes - (s.rating = 'dislike')::int)
             from ${state} s where s.${column} = i.id and s.user_id = ? and s.rating is not null`,
          [userId],
        )
      }
    },
  },
  {
    // Kept as bookkeeping records (docs/accounts.md): the subscriptions lose their member, their
    // processor notifications every field that describes the person.
    name: 'billing records without the person',
    async run(tx, { userId }) {
      const events = await tx.execute<Array<{ id: number; payload: Record<string, unknown> }>>(
        'select id, payload from billing_event where subscription_external_id in (select external_id from subscription where user_id = ?) for update',
        [userId],
      )
      for (const event of events) {
        await execute(tx, 'update billing_event set payload = ?::jsonb where id = ?', [JSON.stringify(anonymisedPayload(event.payload)), event.id])
      }
      await execute(tx, 'update subscription set user_id = null, updated_at = now() where user_id = ?', [userId])
    },
  },
  {
    // Mails sent to the account's addresses, or naming them (the outbox keeps delivered mails).
    name: 'mails to and about the member',
    async run(tx, { addresses }) {
      await execute(
        tx,
        `with address as (select jsonb_array_elements_text(?::jsonb) as a)
         delete from mail_message where lower("to") in (select a from address)
            or exists (select 1 from address where strpos(lower(text), a) > 0 or strpos(lower(coalesce(html, '')), a) > 0)`,
        [JSON.stringify(addresses)],
      )
    },
  },
  {
    // What the member wrote to the support team, signed in or with one of their addresses.
    name: 'messages and feedback',
    async run(tx, { userId, addresses }) {
      await execute(tx, 'delete from contact_message where user_id = ? or lower(email) in (select jsonb_array_elements_text(?::jsonb))', [
        userId,
        JSON.stringify(addresses),
      ])
      await execute(tx, 'delete from error_feedback where user_id = ?', [userId])
    },
  },
]
