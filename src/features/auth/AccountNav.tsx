import { Group } from '@mantine/core'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'

/** The account area's sections. */
export function AccountNav() {
  const { LL } = useI18n()
  const { pathname } = useLocation()
  const items = [
    { to: '/account/password', label: LL.auth.account.password() },
    { to: '/account/plan', label: LL.auth.account.plan() },
    { to: '/account/email', label: LL.account.nav.email() },
    { to: '/account/security', label: LL.account.nav.security() },
    { to: '/account/privacy', label: LL.account.nav.privacy() },
  ] as const
  return (
    <Group wrap="wrap" component="nav" aria-label={LL.auth.account.nav()} gap="xs" mb="lg">
      {items.map((item) => (
        <ButtonLink key={item.to} to={item.to} variant={pathname === item.to ? 'filled' : 'default'} size="sm">
          {item.label}
        </ButtonLink>
      ))}
    </Group>
  )
}
