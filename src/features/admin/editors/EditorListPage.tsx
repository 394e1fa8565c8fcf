import { Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ButtonLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import { AdminTitle } from '../AdminTitle'
import { EditorList, type Column } from './EditorList'

/** The edit pages of the editors whose rows are created in the console (`new` for a new one). */
export type EditorRoute = '/admin/models/$id' | '/admin/categories/$id' | '/admin/banners/$id' | '/admin/plans/$id' | '/admin/faq/$id'

/**
 * An editor's list page: title, intro, the button to a new row, optional filters, then the
 * rows (a table on wide screens, cards on phones), each with its edit link.
 */
export function EditorListPage<T extends { id: number }>({
  texts,
  editTo,
  rows,
  columns,
  nameOf,
  filters,
}: {
  texts: { title: string; intro: string; newTitle: string; tableLabel: string }
  editTo: EditorRoute
  rows: T[] | undefined
  columns: Column<T>[]
  /** The row's name in its edit link ("Edit Lena"). */
  nameOf: (row: T) => string
  filters?: ReactNode
}) {
  const { LL } = useI18n()
  return (
    <Stack gap="md">
      <AdminTitle>{texts.title}</AdminTitle>
      <Text c="dimmed">{texts.intro}</Text>
      <Group justify="space-between" align="end">
        {filters}
        <ButtonLink to={editTo} params={{ id: null }} mih={44}>
          {texts.newTitle}
        </ButtonLink>
      </Group>
      {rows && (
        <EditorList
          label={texts.tableLabel}
          rows={rows}
          columns={columns}
          actions={(row) => (
            <ButtonLink to={editTo} params={{ id: row.id }} size="sm" mih={44} variant="default" aria-label={LL.editors.common.editLabel({ name: nameOf(row) })}>
              {LL.editors.common.edit()}
            </ButtonLink>
          )}
        />
      )}
    </Stack>
  )
}
