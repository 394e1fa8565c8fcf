import { TRPCError } from '@trpc/server'
import { AppError } from '../../core/domain/errors.js'

/**
 * tRPC's side of a use case's AppError: the error of the same kind, carrying the AppError as
 * its cause (the error formatter translates its key). Any other error is left as it is.
 */
export function asTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause
  if (!(cause instanceof AppError)) return error
  return new TRPCError({ code: cause.code, message: cause.key, cause })
}
