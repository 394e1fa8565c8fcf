import { ageDevAnswerInput, ageDevCheckInput, ageStartInput } from '../../../core/domain/schemas/age.js'
import { AppError } from '../../../core/domain/errors.js'
import { NO_JURISDICTION_RULE, unknownLocationRule, type AgeRule } from '../../../core/domain/age/policy.js'
import { ownPendingCheck, startCheck } from '../../../core/services/age/checks.js'
import { methodInfo } from '../../../core/services/age/methods.js'
import { DEV_METHOD_ID, DevAgeMethod } from '../../../core/services/age/methods/dev.js'
import type { Context } from '../context.js'
import { rateLimited } from '../rate-limit.js'
import { publicProcedure, router } from '../trpc.js'
import { walletQrSvg } from '../../../core/services/age/methods/eu-wallet/qr-code.js'

/** Per-IP limit of started checks (each one writes a row and may call a provider). */
const AGE_START_LIMIT = { limit: 30, windowSeconds: 600 } as const

/** What pages show of a rule: the same for every visitor under it (server-rendered pages may cache it). */
function publicRule(ctx: Context, rule: AgeRule) {
  return {
    id: rule.id,
    countries: rule.countries,
    regions: rule.regions,
    outcome: rule.outcome,
    doubleAnonymity: rule.doubleAnonymity,
    proof: rule.proof,
    law: rule.law ?? null,
    methods: ctx.age.methods.offeredFor(rule).map(methodInfo),
  }
}

function currentRule(ctx: Context): AgeRule {
  const rule = ctx.age.resolver.rule(ctx.ageAccess.rule)
  if (rule) return rule
  // A fixed answer (tests, benches) names no rule: the one of its place.
  return ctx.age.resolver.ruleOf(ctx.ageAccess.jurisdiction)
}

/**
 * Age verification (docs/age-assurance.md). `rule` and `rules` are the same for every visitor
 * of a place (pages render them); `status` is the caller's own (the browser asks for it).
 */
export const ageRouter = router({
  /** The rule that applies to the caller's place, with the methods offered there. */
  rule: publicProcedure.query(({ ctx }) => ({ ...publicRule(ctx, currentRule(ctx)), policyVersion: ctx.config.age.policy.version })),

  /** Every rule of the policy, in order, and the one for places the server cannot tell (statement pages). */
  rules: publicProcedure.query(({ ctx }) => {
    const { policy } = ctx.config.age
    return {
      version: policy.version,
      unknown: unknownLocationRule(policy).id,
      rules: policy.rules.map((rule) => publicRule(ctx, rule)),
      // Loopback and private addresses with no configured jurisdiction (development).
      local: ctx.config.age.local.kind === 'none' ? publicRule(ctx, NO_JURISDICTION_RULE) : null,
    }
  }),

  /** The caller's place, whether they are verified, and what is missing. */
  status: publicProcedure.query(async ({ ctx }) => {
    const rule = currentRule(ctx)
    const found = rule.outcome === 'blur' || rule.outcome === 'front' ? await ctx.age.proofs.status(rule, ctx.req.cookies, ctx.now) : null
    return {
      rule: rule.id,
      outcome: ctx.ageAccess.outcome,
      verified: ctx.ageAccess.verified,
      jurisdiction: ctx.ageAccess.jurisdiction,
      expiresAt: found?.counts ? (found.proof?.expiresAt ?? null) : null,
      signedIn: ctx.user !== null,
      needsAccount: rule.proof.scope === 'account' && ctx.user === null,
      needsFreshLogin:
        rule.proof.scope === 'account' && rule.proof.loginEachVisit && ctx.user !== null && !!found?.proof && !found.counts && !found.signedInThisVisit,
    }
  }),

  /** Starts a check with one of the offered methods; the browser then goes where the answer says. */
  start: publicProcedure
    .input(ageStartInput)
    .use(rateLimited('ageStart', AGE_START_LIMIT))
    .mutation(async ({ ctx, input }) => {
      if (ctx.ageAccess.outcome === 'block') throw new AppError('FORBIDDEN', 'ageBlocked')
      const { checkId, start } = await startCheck(ctx.em, ctx.age.flow, {
        rule: currentRule(ctx),
        methodId: input.method,
        browser: ctx.browser,
        userId: ctx.user?.id ?? null,
        locale: ctx.locale,
        returnTo: input.returnTo,
        origin: new URL(ctx.config.publicUrl).origin,
        now: ctx.now,
      })
      // The method's state (PKCE verifier, keys) stays on the server.
      return start.kind === 'redirect'
        ? { checkId, kind: start.kind, url: start.url }
        : { checkId, kind: start.kind, qrUrl: start.qrUrl, qrSvg: await walletQrSvg(start.qrUrl), digitalCredentials: start.digitalCredentials ?? null }
    }),

  /** The development provider's page: is this browser's check still open? */
  devCheck: publicProcedure.input(ageDevCheckInput).query(async ({ ctx, input }) => {
    const dev = ctx.age.methods.get(DEV_METHOD_ID)
    if (!(dev instanceof DevAgeMethod)) throw new AppError('NOT_FOUND', 'notFound')
    const check = await ownPendingCheck(ctx.em, ctx.browser, input.check, ctx.now)
    if (check.method !== DEV_METHOD_ID) throw new AppError('NOT_FOUND', 'ageCheckExpired')
    return { check: check.id, locale: check.locale, returnTo: check.returnTo, expiresAt: check.expiresAt }
  }),

  /** The development provider's answer: the signed callback the browser goes to. */
  devAnswer: publicProcedure.input(ageDevAnswerInput).mutation(async ({ ctx, input }) => {
    const dev = ctx.age.methods.get(DEV_METHOD_ID)
    if (!(dev instanceof DevAgeMethod)) throw new AppError('NOT_FOUND', 'notFound')
    const check = await ownPendingCheck(ctx.em, ctx.browser, input.check, ctx.now)
    if (check.method !== DEV_METHOD_ID) throw new AppError('NOT_FOUND', 'ageCheckExpired')
    return { url: dev.answerUrl(check, input.over18) }
  }),
})
