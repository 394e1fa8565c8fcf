import { TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
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
    <EditorListPage
      texts={{ title: t.title(), intro: t.intro(), newTitle: t.newTitle(), tableLabel: t.tableLabel() }}
      editTo="/admin/models/$id"
      rows={data}
      nameOf={(m) => m.firstName}
      filters={<TextInput type="search" label={t.search()} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} />}
      columns={[
        { header: t.name(), cell: (m) => m.firstName },
        { header: t.age(), cell: (m) => m.age ?? '–' },
        { header: t.nationality(), cell: (m) => (m.nationality ? LL.modelFacts.nationality[m.nationality]() : '–') },
      ]}
    />
  )
}
