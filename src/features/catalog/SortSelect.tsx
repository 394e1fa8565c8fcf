import { NativeSelect } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import type { SortName } from '../../../core/domain/catalog/list.js'
import { useI18n } from '../../lib/locale'

/** The sort choice; changing it goes back to page 1 and keeps the rest of the query string. */
export function SortSelect({ sorts, value }: { sorts: readonly SortName[]; value: SortName }) {
  const { LL } = useI18n()
  const navigate = useNavigate()
  if (sorts.length < 2) return null
  return (
    <NativeSelect
      label={LL.catalog.sort.label()}
      value={value}
      data={sorts.map((sort) => ({ value: sort, label: LL.catalog.sort[sort]() }))}
      onChange={(event) => {
        const sort = event.currentTarget.value as SortName
        void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, sort, page: 1 })) as never })
      }}
      w={{ base: '100%', xs: 220 }}
    />
  )
}
