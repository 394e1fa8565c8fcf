import { useSignedInUser } from '../../features/auth/session'
import { useI18n } from '../../lib/locale'

/**
 * From this breakpoint the sections sit in the header bar; below it they are in the drawer
 * behind the burger (the five sections in French or Spanish need about 560 px).
 */
export const NAV_BAR_FROM = 'lg'

/** Who is signed in, and whether to offer membership: to visitors and users, not members or admins. */
export function useJoinOffer() {
  const me = useSignedInUser() ?? null
  return { me, showBecomeMember: !me || (!me.isMember && me.role !== 'admin') }
}

/** The main sections, shared by the desktop bar and the mobile drawer. */
export function useSections() {
  const { LL } = useI18n()
  return [
    { to: '/$lang/videos', label: LL.layout.nav.videos() },
    { to: '/$lang/images', label: LL.layout.nav.images() },
    { to: '/$lang/categories', label: LL.layout.nav.categories() },
    { to: '/$lang/models', label: LL.layout.nav.models() },
    { to: '/$lang/coming-soon', label: LL.layout.nav.comingSoon() },
  ] as const
}
