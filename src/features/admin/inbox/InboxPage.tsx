import { Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { SectionNav } from '../../../components/SectionNav'
import { Pagination } from '../../catalog/Pagination'
import { useI18n } from '../../../lib/locale'
import { AdminTitle } from '../AdminTitle'

/** An inbox list page: the inbox's menu (its three lists), title, intro, filter, the rows and their pages. */
export function InboxPage({
  title,
  intro,
  filter,
  meta,
  children,
}: {
  title: string
  intro: string
  filter?: ReactNode
  meta?: { page: number; lastPage: number }
  children: ReactNode
}) {
  const { LL } = useI18n()
  return (
    <Stack gap="md">
      <SectionNav
        nested
        label={LL.inbox.nav.sections()}
        links={[
          { to: '/admin/inbox/reports', label: LL.inbox.nav.reports() },
          { to: '/admin/inbox/messages', label: LL.inbox.nav.messages() },
          { to: '/admin/inbox/feedback', label: LL.inbox.nav.feedback() },
        ]}
      />
      <AdminTitle>{title}</AdminTitle>
      <Text c="dimmed">{intro}</Text>
      {filter}
      {children}
      {meta && (
        <nav aria-label={LL.inbox.common.pages()}>
          <Pagination page={meta.page} lastPage={meta.lastPage} />
        </nav>
      )}
    </Stack>
  )
}

/** What a visitor wrote, in a list's cell: their line breaks kept, a long word or address broken anywhere. */
export function MessageText({ children }: { children: string }) {
  return (
    <Text span size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  )
}
