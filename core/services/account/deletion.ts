/**
 * Deleting one's account (GDPR Article 17): after a fresh proof of identity, and only when no
 * subscription still renews (the processor's cancel page comes first) and the member gave up
 * any paid time left, the account's personal data is erased or anonymised in one transaction
 * (erasure-steps.ts, then the account's row and everything that cascades from it), its sessions
 * end, and a last mail confirms it; that mail's row is removed once it is delivered. The address
 * is free again at once.
 */
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { BillingConfig } from '../../config.js'
import { EmailChange, Subscription, User } from '../../db/entities/index.js'
import { deletionTerms, type DeletionTerms } from '../../domain/auth/account-deletion.js'
import { AppError } from '../../domain/errors.js'
import type { Locale } from '../../domain/locale.js'
import type { DeleteAccountInput } from '../../domain/schemas/account.js'
import { translator } from '../../i18n.js'
import type { AccountContext } from '../auth/accounts.js'
import { composeMail } from '../auth/auth-mail.js'
import { requireRecentAuth } from '../auth/recent-auth.js'
import { endAllSessions, endSession, type CurrentUser } from '../auth/sessions.js'
import { billingProvider } from '../billing/providers/index.js'
import { queueMail } from '../site/mail.js'
import { ERASURE_STEPS, type ErasureStep } from './erasure-steps.js'

/** What the deletion section shows: whether and how the account can go, with the processor's cancel page when needed. */
export interface DeletionView {
  terms: { kind: DeletionTerms['kind']; date: string | null }
  cancelUrl: string | null
}

export async function deletionView(em: EntityManager, billing: BillingConfig, user: CurrentUser, now: Date): Promise<DeletionView> {
  const subscriptions = await em.find(Subscription, { user: user.id, status: 'active' })
  const terms = deletionTerms(user.role, subscriptions, now)
  const renewing = terms.kind === 'cancelFirst' ? subscriptions.find((s) => s.paidUntil > now && s.pendingChange !== 'cancel') : undefined
  return {
    terms: { kind: terms.kind, date: termsDate(terms)?.toISOString() ?? null },
    cancelUrl: renewing ? billingProvider(billing).accountLinks(renewing.externalId).cancelUrl : null,
  }
}

function termsDate(terms: DeletionTerms): Date | null {
  if (terms.kind === 'cancelFirst') return terms.renewsAt
  if (terms.kind === 'losesPaidPeriod') return terms.endsAt
  return null
}

/**
 * Deletes the signed-in member's account. This browser is signed out; every other session's
 * next request is too, and this server's media gateway stops serving them once committed.
 */
export async function deleteAccount(
  ctx: AccountContext,
  user: CurrentUser,
  input: DeleteAccountInput,
  steps: readonly ErasureStep[] = ERASURE_STEPS,
): Promise<void> {
  requireRecentAuth(user, ctx.now)
  const announce = await ctx.em.fork().transactional(async (tx) => {
    const account = await tx.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const subscriptions = await tx.find(Subscription, { user: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const terms = deletionTerms(account.role, subscriptions, ctx.now)
    if (terms.kind === 'administrator') throw new AppError('FORBIDDEN', 'account.errors.adminCannotDelete')
    if (terms.kind === 'cancelFirst') throw new AppError('CONFLICT', 'account.errors.cancelFirst')
    if (terms.kind === 'losesPaidPeriod' && !input.confirmLosingPaidPeriod) {
      throw new AppError('BAD_REQUEST', 'account.errors.confirmLosingPaidPeriod', undefined, 'confirmLosingPaidPeriod')
    }
    const changes = await tx.find(EmailChange, { user: user.id })
    const addresses = [...new Set([account.email, ...changes.flatMap((c) => [c.oldEmail, c.newEmail])].map((a) => a.toLowerCase()))]
    const { email, locale } = account
    for (const step of steps) await step.run(tx, { userId: user.id, addresses })
    const { announce } = await endAllSessions(tx, user.id, ctx.now)
    await tx.nativeDelete(User, { id: user.id })
    await queueMail(tx, { ...deletedMail(email, locale), forgetAfterSending: true })
    return announce
  })
  announce()
  await endSession(ctx.em, ctx.browser)
}

function deletedMail(to: string, locale: Locale) {
  const t = translator(locale).account.mails.deleted
  return composeMail(locale, to, { subject: t.subject(), text: t.text(), note: t.note() })
}
