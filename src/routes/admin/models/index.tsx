import { TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
import { useI18n } from '../../../lib/locale'

/** /admin/models: every model, searchable by name. */
export const Route = createFileRoute('/admin/models/')({ ssr: false, component: ModelsPage })

function ModelsPage() {
  const { LL } = useI18n()
  const [q, setQ] = useState('')
  const [search] = useDebouncedValue(q, 250)
  return (
    <EditorListPage
      area="models"
      input={{ q: search.trim() || undefined }}
      filters={<TextInput type="search" label={LL.editors.models.search()} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} />}
      nameOf={(m) => m.firstName}
      columns={(LL) => [
        { header: LL.editors.models.name(), cell: (m) => m.firstName },
        { header: LL.editors.models.age(), cell: (m) => m.age ?? '–' },
        { header: LL.editors.models.nationality(), cell: (m) => (m.nationality ? LL.modelFacts.nationality[m.nationality]() : '–') },
      ]}
    />
  )
}
