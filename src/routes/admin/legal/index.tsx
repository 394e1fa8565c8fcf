import { Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ButtonLink } from '../../../components/links'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/legal: each legal page and its languages. */
export const Route = createFileRoute('/admin/legal/')({ ssr: false, component: LegalPagesPage })

function LegalPagesPage() {
  const { LL } = useI18n()
  const t = LL.editors.legal
  const { data } = useQuery(useTRPC().admin.legal.list.queryOptions(undefined, { staleTime: 0 }))
  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data.map((page) => ({ ...page, id: page.slug }))}
          columns={[{ header: t.page(), cell: (p) => t.pages[p.slug]() }]}
          actions={(p) => (
            <Group gap="xs">
              {p.languages.map((l) => (
                <ButtonLink
                  key={l.locale}
                  to="/admin/legal/$slug/$locale"
                  params={{ slug: p.slug, locale: l.locale }}
                  size="sm"
                  mih={44}
                  variant={l.title ? 'default' : 'light'}
                  color={l.title ? undefined : 'yellow'}
                  aria-label={t.editLanguage({ page: t.pages[p.slug](), language: LL.layout.language[l.locale](), code: l.locale.toUpperCase() })}
                >
                  {l.locale.toUpperCase()}
                </ButtonLink>
              ))}
            </Group>
          )}
        />
      )}
    </Stack>
  )
}
