import { Group, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { ButtonLink } from '../../../components/links'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/models: every model, searchable by name. */
export const Route = createFileRoute('/admin/models/')({ ssr: false, component: ModelsPage })

function ModelsPage() {
  const { LL } = useI18n()
  const t = LL.editors.models
  const [q, setQ] = useState('')
  const [search] = useDebouncedValue(q, 250)
  const { data } = useQuery(useTRPC().admin.models.list.queryOptions({ q: search.trim() || undefined }, { placeholderData: keepPreviousData }))
  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Group justify="space-between" align="end">
        <TextInput type="search" label={t.search()} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} />
        <ButtonLink to="/admin/models/$id" params={{ id: null }} mih={44}>
          {t.newTitle()}
        </ButtonLink>
      </Group>
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data}
          columns={[
            { header: t.name(), cell: (m) => m.firstName },
            { header: t.age(), cell: (m) => m.age ?? '–' },
            { header: t.nationality(), cell: (m) => (m.nationality ? LL.modelFacts.nationality[m.nationality]() : '–') },
          ]}
          actions={(m) => (
            <ButtonLink to="/admin/models/$id" params={{ id: m.id }} size="sm" mih={44} variant="default" aria-label={LL.editors.common.editLabel({ name: m.firstName })}>
              {LL.editors.common.edit()}
            </ButtonLink>
          )}
        />
      )}
    </Stack>
  )
}
