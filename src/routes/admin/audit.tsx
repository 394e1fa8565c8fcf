import { Code, Stack, Table, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pagedListSearch } from '../../features/admin/inbox/list-search'
import { Pagination } from '../../features/catalog/Pagination'
import { formatDateTime } from '../../lib/format'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { ColumnHeads } from '../../components/ColumnHeads'

/** /admin/audit: every console change, newest first, with the state before and after. */
export const Route = createFileRoute('/admin/audit')({
  ssr: false,
  ...pagedListSearch,
  component: AuditPage,
})

const json = (value: unknown) => JSON.stringify(value, null, 1)

function AuditPage() {
  const { LL, locale } = useI18n()
  const trpc = useTRPC()
  const { page } = Route.useSearch()
  const { data } = useQuery(trpc.admin.audit.list.queryOptions({ page }, { placeholderData: keepPreviousData }))
  return (
    <Stack gap="md">
      <AdminTitle>{LL.admin.audit.title()}</AdminTitle>
      <Text c="dimmed">{LL.admin.audit.intro()}</Text>
      {data && data.items.length === 0 && <Text>{LL.admin.audit.empty()}</Text>}
      {data && data.items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-label={LL.admin.audit.tableLabel()}>
            <ColumnHeads names={[LL.admin.audit.at(), LL.admin.audit.who(), LL.admin.audit.action(), LL.admin.audit.target(), LL.admin.audit.change()]} />
            <Table.Tbody>
              {data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, locale)}</Table.Td>
                  <Table.Td>{entry.userEmail}</Table.Td>
                  <Table.Td>
                    <Code>{entry.action}</Code>
                  </Table.Td>
                  <Table.Td>
                    {entry.targetType} {entry.targetId ?? ''}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="xs" c="dimmed">
                        {LL.admin.audit.before()}
                      </Text>
                      <Code block>{entry.before === null ? LL.admin.audit.none() : json(entry.before)}</Code>
                      <Text size="xs" c="dimmed">
                        {LL.admin.audit.after()}
                      </Text>
                      <Code block>{entry.after === null ? LL.admin.audit.none() : json(entry.after)}</Code>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && (
        <nav aria-label={LL.admin.audit.pages()}>
          <Pagination page={data.meta.page} lastPage={data.meta.lastPage} />
        </nav>
      )}
    </Stack>
  )
}
