/**
 * tRPC in three parts: init (with the error formatter), then the procedure kinds.
 * Procedures parse, authorise and call a service; they hold no business rule.
 */
import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import { INVALID_CHARACTERS, refusesCharacters } from '../../core/domain/schemas/text.js'
import { isDatabaseUnavailable } from '../../core/db/orm.js'
import { isMember } from '../../core/domain/billing/membership.js'
import { errorText, translator } from '../../core/i18n.js'
import type { Context } from './context.js'
import { AppError } from '../../core/domain/errors.js'
import { asTRPCError } from './errors.js'
import { procedureRefusal } from '../../core/domain/age/gates.js'

const t = initTRPC.context<Context>().create({
  // Stack traces never reach the client, in any environment.
  isDev: false,
  // Subscriptions (the console's live pipeline) are server-sent events; a comment every 15 s
  // keeps proxies from closing a quiet stream, and the client reconnects after 30 s of silence.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter({ shape, error, ctx }) {
    const locale = ctx?.locale ?? 'de'
    const tr = translator(locale)
    const translate = (key: string, params?: Record<string, unknown>) => errorText(locale, key, params)

    let message: string
    let fieldErrors: Record<string, string> | undefined
    if (error.cause instanceof ZodError) {
      fieldErrors = {}
      for (const issue of error.cause.issues) {
        const field = issue.path.join('.') || '_'
        fieldErrors[field] ??= translate(refusesCharacters(issue) ? INVALID_CHARACTERS : issue.message)
      }
      message = Object.values(fieldErrors)[0] ?? tr.errors.invalidInput()
    } else if (error.cause instanceof AppError) {
      message = translate(error.cause.key, error.cause.params)
      if (error.cause.field) fieldErrors = { [error.cause.field]: message }
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = tr.errors.generic()
    } else {
      message = translate(
        { NOT_FOUND: 'notFound', UNAUTHORIZED: 'unauthorized', FORBIDDEN: 'forbidden', SERVICE_UNAVAILABLE: 'unavailable' }[error.code as string] ??
          'invalidInput',
      )
    }
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        key: error.cause instanceof AppError ? error.cause.key : undefined,
        fieldErrors,
      },
    }
  },
})

export const router = t.router
export const middleware = t.middleware
export const createCallerFactory = t.createCallerFactory

/**
 * A use case's AppError leaves as the tRPC error of its kind (not as a 500), and every call is
 * timed for the metrics when they are on (ctx.metrics).
 */
const observedProcedure = t.procedure.use(async ({ ctx, path, type, next }) => {
  const started = performance.now()
  const result = await next()
  if (result.ok) {
    ctx.metrics?.observeProcedure(path, type, 'OK', (performance.now() - started) / 1000)
    return result
  }
  const failure = asTRPCError(result.error)
  ctx.metrics?.observeProcedure(path, type, failure.code, (performance.now() - started) / 1000)
  if (failure !== result.error) throw failure
  return result
})

/**
 * The age-assurance policy of the caller's place: in a front place, catalog procedures refuse
 * until the visitor is verified; in a block place only the site's pages and age verification
 * answer (core/domain/age/gates.ts). The refusal is translated like any other.
 */
const ageGuardedProcedure = observedProcedure.use(({ ctx, path, next }) => {
  // Every request has its answer (server/app.ts); a context made by hand in a test may not.
  const refusal = ctx.ageAccess ? procedureRefusal(ctx.ageAccess, path) : null
  if (refusal) throw new AppError('FORBIDDEN', refusal)
  return next()
})

/** A database that is away (a restart, a timeout) answers 503 "try again shortly", not 500. */
export const publicProcedure = ageGuardedProcedure.use(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', cause: result.error.cause })
  }
  return result
})

/** Signed in (any role, verified or not). */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

/** Signed in with a verified email address. */
export const verifiedProcedure = userProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw new AppError('FORBIDDEN', 'forbidden')
  return next()
})

/** A member: active plan, admin or permanentAccess, decided by the one membership rule. */
export const memberProcedure = userProcedure.use(({ ctx, next }) => {
  if (!isMember(ctx.user, ctx.now)) throw new AppError('FORBIDDEN', 'forbidden')
  return next()
})

/**
 * A member who may see explicit media (the AgeAccess of the request: an `open` jurisdiction, or
 * verified): the player, the full-size stills and the lightbox. In the tour they are refused
 * (docs/age-assurance.md, "What a tour shows").
 */
export const explicitMemberProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.ageAccess.explicitAllowed) throw new AppError('FORBIDDEN', 'tourRefused')
  return next()
})

export const adminProcedure = userProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN', 'forbidden')
  return next()
})
