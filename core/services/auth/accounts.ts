/**
 * The account use cases: sign-up, email verification, login, logout, forgot and reset
 * password, change password. Passwords and tokens never leave this module except as
 * argon2id hashes and SHA-256 digests (tokens go out only inside the mails).
 */
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../config.js'
import { User } from '../../db/entities/index.js'
import type { Locale } from '../../domain/locale.js'
import { safeRedirect } from '../../domain/auth/redirect.js'
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  ResendVerificationInput,
  ResetPasswordInput,
  SignUpInput,
  VerifyEmailInput,
} from '../../domain/schemas/auth.js'
import { AppError } from '../../domain/errors.js'
import { reservedAddressOwner } from './addresses.js'
import { queueAccountExistsMail, queueResetMail, queueVerificationMail } from './auth-mail.js'
import { consumeToken, issueToken } from './auth-tokens.js'
import { hashPassword, needsRehash, verifyPassword } from './passwords.js'
import type { RateLimits } from './rate-limits.js'
import { endOtherSessions, endSession, startSession, type BrowserRequest, type CurrentUser } from './sessions.js'

/** What the account use cases need from the request (the tRPC context provides it). */
export interface AccountContext {
  em: EntityManager
  config: Config
  now: Date
  locale: Locale
  browser: BrowserRequest
  limits: RateLimits
  user: CurrentUser | null
}

/** Case-insensitive lookup (the unique index is on lower(email)). */
export function findUserByEmail(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { [raw('lower(email)')]: email.trim().toLowerCase() })
}

/**
 * Signs up without telling whether the address already has an account (OWASP ASVS 2): both
 * answer the same, with no session and no cookie, after the same work (the password is hashed
 * either way, one mail is queued either way). A new address gets its account and a
 * verification link, whose use logs it in; a known one gets a mail in the account's language
 * saying that it already has an account, with a link to reset the password.
 */
export async function signUp(ctx: AccountContext, input: SignUpInput): Promise<void> {
  if (!ctx.config.signupEnabled) throw new AppError('FORBIDDEN', 'signupDisabled')
  await ctx.limits.hit('signUp', ctx.browser.ip, input.email)
  const passwordHash = await hashPassword(input.password)
  const known = await findUserByEmail(ctx.em, input.email)
  if (known) return queueAccountExistsMail(ctx.em, ctx.config, known.email, known.locale)
  // An address an account changed away from stays its owner's for a week: it counts as known.
  const reserved = await reservedAddressOwner(ctx.em, input.email, ctx.now)
  if (reserved) return queueAccountExistsMail(ctx.em, ctx.config, input.email, reserved.locale)
  try {
    await ctx.em.transactional(async (em) => {
      const user = em.create(User, { email: input.email, passwordHash, locale: ctx.locale, createdAt: ctx.now, updatedAt: ctx.now })
      await em.flush()
      const token = await issueToken(em, user, 'verifyEmail', ctx.now)
      await queueVerificationMail(em, ctx.config, user.email, token, ctx.locale, safeRedirect(input.redirect))
    })
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error
    // Two sign-ups with one address at the same moment: the unique index decides, and the
    // other one is told like any known address.
    const winner = await findUserByEmail(ctx.em.fork(), input.email)
    if (winner) await queueAccountExistsMail(ctx.em.fork(), ctx.config, winner.email, winner.locale)
  }
}

/**
 * Logs in. An unknown email and a wrong password get the same answer after the same work.
 * Every attempt counts against the IP address; failed ones also against the account (the
 * attempt is reserved before the password check and given back on success).
 */
export async function login(ctx: AccountContext, input: LoginInput): Promise<void> {
  await ctx.limits.hit('login', ctx.browser.ip)
  const attempt = await ctx.limits.reserve('login', input.email)
  const user = await findUserByEmail(ctx.em, input.email)
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password)
  if (!user || !valid) throw new AppError('UNAUTHORIZED', 'invalidCredentials')
  await attempt.refund()
  if (user.passwordHash && needsRehash(user.passwordHash)) user.passwordHash = await hashPassword(input.password)
  user.locale = ctx.locale
  await startSession(ctx.em, ctx.browser, user, input.remember, ctx.now, 'password')
}

export async function logout(ctx: AccountContext): Promise<void> {
  await endSession(ctx.em, ctx.browser)
}

/** Always the same answer; a mail goes out only when the account exists. */
export async function forgotPassword(ctx: AccountContext, input: ForgotPasswordInput): Promise<void> {
  await ctx.limits.hit('forgotPassword', ctx.browser.ip, input.email)
  const user = await findUserByEmail(ctx.em, input.email)
  if (!user) return
  await ctx.em.transactional(async (em) => {
    const token = await issueToken(em, em.getReference(User, user.id), 'resetPassword', ctx.now)
    await queueResetMail(em, ctx.config, user.email, token, ctx.locale)
  })
}

/**
 * Sets a new password with a reset link and logs the user in (spec section 4). The link
 * proves the address, so an unverified one counts as verified; every other session ends.
 */
export async function resetPassword(ctx: AccountContext, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await ctx.em.transactional(async (em) => {
    const user = await consumeToken(em, 'resetPassword', input.token, input.email, ctx.now)
    user.passwordHash = passwordHash
    user.emailVerifiedAt ??= ctx.now
    user.locale = ctx.locale
    await endOtherSessions(em, user.id)
    await startSession(em, ctx.browser, user, false, ctx.now, 'link')
  })
}

/**
 * Confirms the address of the link's account and logs it in (sign-up does not: it must not
 * tell a new address from a known one). Works in any browser; one signed in as someone else
 * changes to the link's account.
 */
export async function verifyEmail(ctx: AccountContext, input: VerifyEmailInput): Promise<void> {
  await ctx.em.transactional(async (em) => {
    const owner = await consumeToken(em, 'verifyEmail', input.token, input.email, ctx.now)
    owner.emailVerifiedAt ??= ctx.now
    if (ctx.user?.id !== owner.id) await startSession(em, ctx.browser, owner, false, ctx.now, 'link')
  })
}

/**
 * Sends the verification link again: to the signed-in user (whose address is not confirmed
 * yet), or to the address given. For an address the answer is the same whether it has an
 * account waiting for confirmation (which gets the link, in its own language), a confirmed
 * one or none at all. Limited per IP and per address like the other account mails.
 */
export async function resendVerification(ctx: AccountContext, input: ResendVerificationInput): Promise<void> {
  if (ctx.user?.emailVerified) throw new AppError('BAD_REQUEST', 'alreadyVerified')
  const email = ctx.user?.email ?? input.email
  if (!email) throw new AppError('BAD_REQUEST', 'emailRequired', undefined, 'email')
  await ctx.limits.hit('resendVerification', ctx.browser.ip, email)
  await ctx.em.transactional(async (em) => {
    const account = ctx.user ? await em.findOneOrFail(User, ctx.user.id) : await findUserByEmail(em, email)
    if (!account || account.emailVerifiedAt) return
    // The signed-in owner asks in the language on the screen.
    if (ctx.user) account.locale = ctx.locale
    const token = await issueToken(em, account, 'verifyEmail', ctx.now)
    await queueVerificationMail(em, ctx.config, account.email, token, account.locale, safeRedirect(input.redirect))
  })
}

/** Changes the password; this browser stays logged in, every other session ends. */
export async function changePassword(ctx: AccountContext, user: CurrentUser, input: ChangePasswordInput): Promise<void> {
  await ctx.limits.hit('changePassword', ctx.browser.ip, String(user.id))
  const account = await ctx.em.findOneOrFail(User, user.id)
  if (!(await verifyPassword(account.passwordHash ?? null, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'currentPasswordWrong', undefined, 'currentPassword')
  }
  account.passwordHash = await hashPassword(input.newPassword)
  await ctx.em.flush()
  await endOtherSessions(ctx.em, user.id, user.sessionId)
}
