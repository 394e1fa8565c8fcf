import { Group } from '@mantine/core'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'

/** The console's sections (a landmark of its own; wraps on a phone). */
export function AdminNav() {
  const { LL } = useI18n()
  const { pathname } = useLocation()
  const items = [
    { to: '/admin/pipeline', label: LL.admin.nav.pipeline() },
    { to: '/admin/upload', label: LL.admin.nav.upload() },
    { to: '/admin/audit', label: LL.admin.nav.audit() },
  ] as const
  return (
    <Group component="nav" aria-label={LL.admin.nav.label()} gap="xs" mb="lg">
      {items.map((item) => {
        const current = pathname.startsWith(item.to)
        return (
          <ButtonLink key={item.to} to={item.to} variant={current ? 'filled' : 'default'} aria-current={current ? 'page' : undefined} size="sm" mih={44}>
            {item.label}
          </ButtonLink>
        )
      })}
    </Group>
  )
}
