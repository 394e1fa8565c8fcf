import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { EMAIL_SEARCH_MAX } from '../../../../core/domain/site/inbox.js'
import { ButtonLink } from '../../../components/links'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { pageParam } from '../../../features/admin/inbox/list-search'
import { Pagination } from '../../../features/catalog/Pagination'
import { formatDate } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

const searchSchema = v.object({
  email: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(EMAIL_SEARCH_MAX)), ''), ''),
  page: pageParam,
})

/** /admin/users: accounts found by the start of their address (the newest without a search). */
export const Route = createFileRoute('/admin/users/')({
  ssr: false,
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<v.InferOutput<typeof searchSchema>>({ email: '', page: 1 })] },
  component: UsersPage,
})

function UsersPage() {
  const { LL, locale } = useI18n()
  const t = LL.inbox.users
  const { email, page } = Route.useSearch()
  const navigate = useNavigate()
  const [typed, setTyped] = useState(email)
  const { data } = useQuery(useTRPC().admin.users.search.queryOptions({ email, page }, { placeholderData: keepPreviousData, staleTime: 0 }))
  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <form
        role="search"
        aria-label={t.title()}
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({ to: '/admin/users', search: { email: typed.trim(), page: 1 } })
        }}
      >
        <Group align="end" gap="sm">
          <TextInput
            type="search"
            label={t.search()}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={EMAIL_SEARCH_MAX}
            w={{ base: '100%', sm: 360 }}
            autoComplete="off"
          />
          <Button type="submit" mih={44}>
            {t.searchButton()}
          </Button>
        </Group>
      </form>
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data.items}
          columns={[
            {
              header: t.email(),
              cell: (u) => (
                <Text span style={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Text>
              ),
            },
            {
              header: t.role(),
              cell: (u) => (
                <Badge variant="light" color={u.role === 'admin' ? 'pink' : u.role === 'permanentAccess' ? 'teal' : 'gray'}>
                  {t.roles[u.role]()}
                </Badge>
              ),
            },
            { header: t.verified(), cell: (u) => (u.emailVerified ? LL.inbox.common.yes() : LL.inbox.common.no()) },
            { header: t.created(), cell: (u) => formatDate(u.createdAt, locale) },
          ]}
          actions={(u) => (
            <ButtonLink to="/admin/users/$id" params={{ id: u.id }} size="sm" mih={44} variant="default" aria-label={t.openLabel({ email: u.email })}>
              {LL.inbox.common.open()}
            </ButtonLink>
          )}
        />
      )}
      {data && (
        <nav aria-label={LL.inbox.common.pages()}>
          <Pagination page={data.meta.page} lastPage={data.meta.lastPage} />
        </nav>
      )}
    </Stack>
  )
}
