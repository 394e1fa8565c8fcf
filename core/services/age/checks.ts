/**
 * The verification flow, the same for every method (method.ts):
 *   start   → a check (random id and nonce, ten minutes to live) owned by the browser that
 *             started it (the SHA-256 of its check cookie), then the method's start;
 *   provider→ the method's complete, through the browser's callback (GET /age/callback/:method),
 *             a wallet's direct post or a provider's webhook (POST /age/response/:method);
 *   finish  → in the browser that started it, an accepted check becomes a proof once
 *             (proofs.ts) and the check is marked used.
 * A check completed by another browser, an expired one, or one already used grants nothing.
 */
import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { AgeCheck } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'
import type { Locale } from '../../domain/locale.js'
import type { AgePolicy, AgeRule } from '../../domain/age/policy.js'
import { safeRedirect } from '../../domain/auth/redirect.js'
import { hashToken, randomToken, type BrowserRequest } from '../auth/sessions.js'
import type { AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from './method.js'
import type { AgeMethods } from './methods.js'
import type { ProofStore } from './proofs.js'

const AGE_CHECK_COOKIE = 'age_check'
const CHECK_TTL_MS = 10 * 60_000

export interface FlowDeps {
  methods: AgeMethods
  proofs: ProofStore
  policy: AgePolicy
  /** Counts starts and results for the console (stats.ts). */
  count?: (methodId: string, event: 'started' | 'accepted' | 'refused') => void
  /** A method that failed unexpectedly (its check counts as refused). */
  onError?: (error: unknown) => void
}

export interface StartInput {
  rule: AgeRule
  methodId: string
  browser: BrowserRequest
  userId: number | null
  locale: Locale
  returnTo: string
  /** The site's origin (PUBLIC_URL's), for the provider's redirect and response addresses. */
  origin: string
  now: Date
}

/** The browser's check cookie: its token, made now when missing. */
function checkOwner(browser: BrowserRequest): string {
  let token = browser.cookies[AGE_CHECK_COOKIE]
  if (!token || token.length > 128) {
    token = randomToken()
    browser.setCookie(AGE_CHECK_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: browser.secure })
  }
  return hashToken(token)
}

function ownerOf(browser: BrowserRequest): string | null {
  const token = browser.cookies[AGE_CHECK_COOKIE]
  return token && token.length <= 128 ? hashToken(token) : null
}

function pending(check: AgeCheck): PendingAgeCheck {
  return { id: check.id, methodId: check.method, nonce: check.nonce, state: check.state ?? {}, createdAt: check.createdAt, expiresAt: check.expiresAt }
}

/** Starts a check with a method the rule offers; the result says where the browser goes next. */
export async function startCheck(em: EntityManager, deps: FlowDeps, input: StartInput): Promise<{ checkId: string; start: AgeStartResult }> {
  const { rule, methodId, browser, userId, locale, now } = input
  const method = deps.methods.offeredFor(rule).find((candidate) => candidate.id === methodId)
  if (!method) throw new AppError('BAD_REQUEST', 'ageMethodUnavailable')
  if (rule.proof.scope === 'account' && userId === null) throw new AppError('UNAUTHORIZED', 'ageSignInFirst')
  const check = em.create(AgeCheck, {
    id: crypto.randomUUID(),
    method: method.id,
    rule: rule.id,
    nonce: crypto.randomBytes(24).toString('base64url'),
    state: null,
    owner: checkOwner(browser),
    user: userId,
    status: 'pending',
    reason: null,
    returnTo: safeRedirect(input.returnTo) ?? `/${locale}`,
    locale,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECK_TTL_MS),
    completedAt: null,
  })
  const start = await method.start({
    checkId: check.id,
    nonce: check.nonce,
    locale,
    origin: input.origin,
    callbackUrl: `${input.origin}/age/callback/${method.id}`,
    responseUrl: `${input.origin}/age/response/${method.id}`,
  })
  check.state = start.state ?? null
  await em.flush()
  deps.count?.(method.id, 'started')
  return { checkId: check.id, start }
}

/** A pending check of this browser (the development page looks its own up). */
export async function ownPendingCheck(em: EntityManager, browser: BrowserRequest, checkId: string, now: Date): Promise<AgeCheck> {
  const owner = ownerOf(browser)
  const check = owner ? await em.findOne(AgeCheck, { id: checkId, owner }) : null
  if (!check || check.status !== 'pending' || check.expiresAt <= now) throw new AppError('NOT_FOUND', 'ageCheckExpired')
  return check
}

async function complete(em: EntityManager, deps: FlowDeps, method: AgeMethod, check: AgeCheck, input: AgeCompletion, now: Date): Promise<AgeMethodResult> {
  let result: AgeMethodResult
  try {
    result = await method.complete(pending(check), input)
  } catch (error) {
    // A provider's failure is a refusal of this check, never a server error for the visitor.
    result = { ok: false, reason: 'providerError' }
    deps.onError?.(error)
  }
  check.status = result.ok ? 'accepted' : 'refused'
  check.reason = result.ok ? null : result.reason.slice(0, 120)
  check.completedAt = now
  // The method's secrets are of no use any more.
  check.state = null
  await em.flush()
  deps.count?.(method.id, result.ok ? 'accepted' : 'refused')
  return result
}

export type FinishOutcome = { outcome: 'verified'; returnTo: string } | { outcome: 'refused' | 'expired'; returnTo: string; locale: Locale }

/**
 * The browser came back from the provider (GET /age/callback/:method): the newest check of this
 * browser with that method is completed if it is still pending, and an accepted one becomes a
 * proof under the rule it was started with.
 */
export async function finishInBrowser(
  em: EntityManager,
  deps: FlowDeps,
  input: { methodId: string; browser: BrowserRequest; userId: number | null; completion: AgeCompletion; rules: (id: string) => AgeRule | undefined; now: Date },
): Promise<FinishOutcome> {
  const { methodId, browser, now } = input
  const method = deps.methods.get(methodId)
  const owner = ownerOf(browser)
  const check =
    method && owner
      ? await em.findOne(AgeCheck, { owner, method: methodId, status: { $in: ['pending', 'accepted'] } }, { orderBy: { createdAt: 'desc' } })
      : null
  if (!method || !check) return { outcome: 'expired', returnTo: '/', locale: 'en' }
  const back = { returnTo: check.returnTo, locale: check.locale }
  if (check.expiresAt <= now) return { outcome: 'expired', ...back }
  if (check.status === 'pending') {
    const result = await complete(em, deps, method, check, input.completion, now)
    if (!result.ok) return { outcome: 'refused', ...back }
  }
  const rule = input.rules(check.rule)
  const userId = check.user ? (typeof check.user === 'number' ? check.user : check.user.id) : null
  // An account's proof goes to the account that started the check, and only while it is signed in here.
  if (!rule || (rule.proof.scope === 'account' && (userId === null || userId !== input.userId))) return { outcome: 'expired', ...back }
  // Single use: only one request turns the check into a proof.
  const claimed = await em.nativeUpdate(AgeCheck, { id: check.id, status: 'accepted' }, { status: 'used' })
  if (claimed !== 1) return { outcome: 'expired', ...back }
  await deps.proofs.grant(em, { rule, policy: deps.policy, method, browser, userId, now })
  return { outcome: 'verified', returnTo: check.returnTo }
}

/**
 * A provider or a wallet posted its result (POST /age/response/:method): the check is found by
 * the method's webhookCheck, else by the `state` parameter (the check id, which the methods use
 * as their OAuth or OpenID4VP state), and completed. The browser claims the result afterwards.
 */
export async function completeFromProvider(
  em: EntityManager,
  deps: FlowDeps,
  input: { methodId: string; completion: AgeCompletion; now: Date },
): Promise<'accepted' | 'refused' | 'unknown'> {
  const method = deps.methods.get(input.methodId)
  if (!method) return 'unknown'
  let checkId: string | null | undefined
  if (method.webhookCheck) {
    checkId = (await method.webhookCheck(input.completion).catch(() => null))?.checkId
  } else {
    const body = input.completion.body as Record<string, unknown> | undefined
    const state = input.completion.query?.get('state') ?? (typeof body?.state === 'string' ? body.state : undefined)
    checkId = state
  }
  if (!checkId || !/^[0-9a-f-]{36}$/.test(checkId)) return 'unknown'
  const check = await em.findOne(AgeCheck, { id: checkId, method: method.id })
  if (!check || check.status !== 'pending' || check.expiresAt <= input.now) return 'unknown'
  const result = await complete(em, deps, method, check, input.completion, input.now)
  return result.ok ? 'accepted' : 'refused'
}

/** Housekeeping (worker, hourly): checks a day past their expiry go. */
export async function purgeAgeChecks(em: EntityManager, now: Date): Promise<number> {
  return em.nativeDelete(AgeCheck, { expiresAt: { $lte: new Date(now.getTime() - 86_400_000) } })
}
