/**
 * Changing a member's address (core/domain/auth/email-change.ts): a link to the new address,
 * then the change and a notice to the old address with a link that undoes it for 7 days.
 * Asking answers the same whether the new address is free or already has an account (its owner
 * gets a mail saying so instead of a link), so the form tells nobody which addresses are taken.
 * Login and uniqueness stay as they are: the unique index on lower(email) decides.
 */
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../config.js'
import { AuthToken, EmailChange, User } from '../../db/entities/index.js'
import { confirmProblem, EMAIL_CHANGE_CONFIRM_MS, EMAIL_CHANGE_UNDO_MS, undoProblem } from '../../domain/auth/email-change.js'
import { AppError } from '../../domain/errors.js'
import type { Locale } from '../../domain/locale.js'
import type { ChangeEmailInput } from '../../domain/schemas/account.js'
import { translator } from '../../i18n.js'
import { queueMail } from '../site/mail.js'
import { findUserByEmail, type AccountContext } from './accounts.js'
import { reservedAddressOwner } from './addresses.js'
import { accountLink, composeMail } from './auth-mail.js'
import { requireRecentAuth } from './recent-auth.js'
import { endAllSessions, hashToken, randomToken, type CurrentUser } from './sessions.js'

export interface PendingEmailChange {
  newEmail: string
  expiresAt: string
}

/** The change waiting for its confirmation link, if any. */
export async function pendingEmailChange(em: EntityManager, userId: number, now: Date): Promise<PendingEmailChange | null> {
  const change = await em.findOne(EmailChange, { user: userId, confirmedAt: null, undoneAt: null, expiresAt: { $gt: now } }, { orderBy: { id: 'desc' } })
  return change && { newEmail: change.newEmail, expiresAt: change.expiresAt.toISOString() }
}

/**
 * Asks for a change to `input.email`: a free address gets the confirmation link, a taken (or
 * reserved) one a notice that nothing changed; the answer and the pending change the address
 * page shows are the same. An earlier pending request is replaced.
 */
export async function requestEmailChange(ctx: AccountContext, user: CurrentUser, input: ChangeEmailInput): Promise<{ sentTo: string }> {
  requireRecentAuth(user, ctx.now)
  const newEmail = input.email
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', 'account.errors.sameAddress', undefined, 'email')
  await ctx.limits.hit('changeEmail', ctx.browser.ip, String(user.id))
  await ctx.em.transactional(async (em) => {
    await em.nativeDelete(EmailChange, { user: user.id, confirmedAt: null })
    const taken = (await findUserByEmail(em, newEmail)) ?? (await reservedAddressOwner(em, newEmail, ctx.now))
    // A taken address gets a pending change too, whose token is mailed to nobody: the address
    // page then shows "waiting for confirmation" either way, and the change simply expires.
    const token = randomToken()
    em.create(EmailChange, {
      user: user.id,
      oldEmail: user.email,
      newEmail,
      confirmTokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + EMAIL_CHANGE_CONFIRM_MS),
      createdAt: ctx.now,
    })
    await em.flush()
    await queueMail(em, taken ? inUseMail(newEmail, taken.locale) : confirmMail(ctx.config, newEmail, token, ctx.locale))
  })
  return { sentTo: newEmail }
}

export async function cancelEmailChange(em: EntityManager, user: CurrentUser): Promise<void> {
  await em.nativeDelete(EmailChange, { user: user.id, confirmedAt: null })
}

/**
 * The link to the new address was opened: the account takes the address (confirmed, since the
 * link proves it), and the previous address gets a notice with the undo link. Works in any
 * browser, signed in or not. Open mailed links (verification, reset) name the old address and
 * stop working.
 */
export async function confirmEmailChange(ctx: AccountContext, token: string): Promise<{ email: string }> {
  try {
    return await ctx.em.transactional(async (em) => {
      const change = await em.findOne(EmailChange, { confirmTokenHash: hashToken(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      const problem = confirmProblem(change, ctx.now)
      if (problem || !change) throw new AppError('BAD_REQUEST', problem ?? 'linkInvalid')
      const user = await em.findOneOrFail(User, change.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
      const reserved = await reservedAddressOwner(em, change.newEmail, ctx.now)
      if (reserved && reserved.id !== user.id) throw new AppError('CONFLICT', 'account.errors.addressTaken')
      const undoToken = randomToken()
      change.oldEmail = user.email
      change.confirmedAt = ctx.now
      change.undoTokenHash = hashToken(undoToken)
      change.undoUntil = new Date(ctx.now.getTime() + EMAIL_CHANGE_UNDO_MS)
      user.email = change.newEmail
      user.emailVerifiedAt = ctx.now
      await em.flush()
      await em.nativeUpdate(AuthToken, { user: user.id, usedAt: null }, { usedAt: ctx.now })
      await queueMail(em, noticeMail(ctx.config, change.oldEmail, change.newEmail, undoToken, user.locale))
      return { email: user.email }
    })
  } catch (error) {
    // Someone signed up with the new address since the link was sent.
    if (error instanceof UniqueConstraintViolationException) throw new AppError('CONFLICT', 'account.errors.addressTaken')
    throw error
  }
}

/**
 * The old address's undo link: the account gets its previous address back, every later change
 * of it is undone too, and every session of the account ends (whoever changed it is signed out).
 */
export async function undoEmailChange(ctx: AccountContext, token: string): Promise<{ email: string }> {
  let announce = () => undefined as void
  const result = await ctx.em.transactional(async (em) => {
    const change = await em.findOne(EmailChange, { undoTokenHash: hashToken(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const problem = undoProblem(change, ctx.now)
    if (problem || !change) throw new AppError('BAD_REQUEST', problem ?? 'linkInvalid')
    const user = await em.findOneOrFail(User, change.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const holder = await findUserByEmail(em, change.oldEmail)
    if (holder && holder.id !== user.id) throw new AppError('CONFLICT', 'account.errors.addressTaken')
    user.email = change.oldEmail
    await em.nativeUpdate(EmailChange, { user: user.id, id: { $gte: change.id }, undoneAt: null }, { undoneAt: ctx.now })
    await em.nativeDelete(EmailChange, { user: user.id, confirmedAt: null })
    await em.nativeUpdate(AuthToken, { user: user.id, usedAt: null }, { usedAt: ctx.now })
    await em.flush()
    announce = (await endAllSessions(em, user.id, ctx.now)).announce
    return { email: user.email }
  })
  announce()
  return result
}

function confirmMail(config: Config, to: string, token: string, locale: Locale) {
  const t = translator(locale).account.mails.changeConfirm
  return composeMail(
    locale,
    to,
    { subject: t.subject(), text: t.text(), action: t.action(), note: t.note() },
    accountLink(config, '/account/email/confirm', { token }),
  )
}

function inUseMail(to: string, locale: Locale) {
  const t = translator(locale).account.mails.changeInUse
  return composeMail(locale, to, { subject: t.subject(), text: t.text(), note: t.note() })
}

function noticeMail(config: Config, to: string, newEmail: string, token: string, locale: Locale) {
  const t = translator(locale).account.mails.changeNotice
  return composeMail(
    locale,
    to,
    { subject: t.subject(), text: t.text({ email: newEmail }), action: t.action(), note: t.note() },
    accountLink(config, '/account/email/undo', { token }),
  )
}
