/**
 * The access gates of spec section 2, as TanStack Router beforeLoad functions:
 *  - login area (/login/*, /sign-up): an unverified user goes to /verify-email, a verified
 *    one to the redirect parameter or /{lang};
 *  - protected area (/account/*, /watch-later, /favorites/*): a visitor goes to
 *    /sign-up?redirect={current path}, an unverified user to /verify-email?redirect={…};
 *  - verify-email area: a verified user goes to /{lang}; visitors stay (sign-up does not log in,
 *    so the page asks for the address to send the link to again).
 * The server enforces the same rules on every procedure (userProcedure, verifiedProcedure).
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { Locale } from '../../../core/domain/locale.js'
import { safeRedirect } from '../../../core/domain/auth/redirect.js'
import type { RouterContext } from '../../router-context'
import { fetchMe, type Me } from './session'

interface GateArgs {
  context: RouterContext & { locale: Locale }
  location?: ParsedLocation
  search?: { redirect?: string }
}

export async function loginArea({ context, search }: GateArgs): Promise<void> {
  const me = await fetchMe(context)
  if (!me) return
  const target = safeRedirect(search?.redirect)
  if (!me.emailVerified) throw redirect({ to: '/verify-email', search: target ? { redirect: target } : {} })
  if (target) throw redirect({ href: target })
  throw redirect({ to: '/$lang', params: { lang: context.locale } })
}

export async function protectedArea({ context, location }: GateArgs): Promise<{ me: NonNullable<Me> }> {
  const me = await fetchMe(context)
  const here = location ? safeRedirect(location.href) : undefined
  const search = here ? { redirect: here } : {}
  if (!me) throw redirect({ to: '/sign-up', search })
  if (!me.emailVerified) throw redirect({ to: '/verify-email', search })
  return { me }
}

export async function verifyEmailArea({ context }: GateArgs): Promise<void> {
  const me = await fetchMe(context)
  if (me?.emailVerified) throw redirect({ to: '/$lang', params: { lang: context.locale } })
}
