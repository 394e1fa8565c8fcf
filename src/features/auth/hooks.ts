import { useCallback } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { returnTo } from '../../../core/domain/auth/redirect.js'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { forgetUser, useMe } from './session'

/**
 * For actions that need a login (rate, favorite, watch later; spec sections 2 and 4):
 * returns a guard that is true for a signed-in user, and otherwise sends the visitor to
 * /login — with ?redirect= back to the current page when `returnHere` (detail pages).
 *
 *   const requireLogin = useRequireLogin()
 *   <Button onClick={() => requireLogin({ returnHere: true }) && toggleFavorite()}>
 */
export function useRequireLogin(): (options?: { returnHere?: boolean }) => boolean {
  const me = useMe()
  const navigate = useNavigate()
  const location = useLocation()
  return useCallback(
    ({ returnHere = false } = {}) => {
      if (me.data) return true
      void navigate({ to: '/login', search: returnHere ? returnTo(location.href) : {} })
      return false
    },
    [me.data, navigate, location.href],
  )
}

/** Logs out from any page: the session ends on the server and the visitor lands on the home page. */
export function useLogout(): () => Promise<void> {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const logout = useMutation(trpc.auth.logout.mutationOptions())
  return useCallback(async () => {
    await logout.mutateAsync()
    forgetUser({ queryClient, trpc })
    await navigate({ to: '/$lang', params: { lang } })
    showSuccess(LL.auth.loggedOut())
  }, [logout, queryClient, trpc, navigate, lang, LL])
}
