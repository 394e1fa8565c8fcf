import { Group } from '@mantine/core'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'

/** The inbox's three lists (a landmark of its own under the console's menu). */
export function InboxNav() {
  const { LL } = useI18n()
  const { pathname } = useLocation()
  const items = [
    { to: '/admin/inbox/reports', label: LL.inbox.nav.reports() },
    { to: '/admin/inbox/messages', label: LL.inbox.nav.messages() },
    { to: '/admin/inbox/feedback', label: LL.inbox.nav.feedback() },
  ] as const
  return (
    <Group component="nav" aria-label={LL.inbox.nav.sections()} gap="xs">
      {items.map((item) => {
        const current = pathname.startsWith(item.to)
        return (
          <ButtonLink key={item.to} to={item.to} variant={current ? 'light' : 'subtle'} aria-current={current ? 'page' : undefined} size="sm" mih={44}>
            {item.label}
          </ButtonLink>
        )
      })}
    </Group>
  )
}
