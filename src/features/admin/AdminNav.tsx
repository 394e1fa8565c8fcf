import { Group } from '@mantine/core'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'

/** The console's sections (a landmark of its own; wraps on a phone). */
export function AdminNav() {
  const { LL } = useI18n()
  const { pathname } = useLocation()
  const items = [
    // An item's edit page belongs to the pipeline it is opened from.
    { to: '/admin/pipeline', label: LL.admin.nav.pipeline(), also: '/admin/content' },
    { to: '/admin/upload', label: LL.admin.nav.upload(), also: undefined },
    { to: '/admin/models', label: LL.editors.nav.models(), also: undefined },
    { to: '/admin/categories', label: LL.editors.nav.categories(), also: undefined },
    { to: '/admin/banners', label: LL.editors.nav.banners(), also: undefined },
    { to: '/admin/plans', label: LL.editors.nav.plans(), also: undefined },
    { to: '/admin/legal', label: LL.editors.nav.legal(), also: undefined },
    { to: '/admin/faq', label: LL.editors.nav.faq(), also: undefined },
    { to: '/admin/inbox', label: LL.inbox.nav.inbox(), also: undefined },
    { to: '/admin/users', label: LL.inbox.nav.users(), also: undefined },
    { to: '/admin/age', label: LL.age.console.title(), also: undefined },
    { to: '/admin/audit', label: LL.admin.nav.audit(), also: undefined },
  ] as const
  return (
    <Group component="nav" aria-label={LL.admin.nav.label()} gap="xs" mb="lg">
      {items.map((item) => {
        const current = pathname.startsWith(item.to) || (item.also !== undefined && pathname.startsWith(item.also))
        return (
          <ButtonLink key={item.to} to={item.to} variant={current ? 'filled' : 'default'} aria-current={current ? 'page' : undefined} size="sm" mih={44}>
            {item.label}
          </ButtonLink>
        )
      })}
    </Group>
  )
}
