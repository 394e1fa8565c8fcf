import { Paper, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ColumnHeads } from '../../../components/ColumnHeads'
import { useBreakpoint } from '../../../lib/breakpoint'
import { useI18n } from '../../../lib/locale'

export interface Column<T> {
  header: string
  cell: (row: T) => ReactNode
}

/** An editor's rows: a table on wide screens, a list of cards on phones (as the pipeline page). */
export function EditorList<T extends { id: number | string }>({
  label,
  rows,
  columns,
  actions,
}: {
  label: string
  rows: T[]
  columns: Column<T>[]
  actions?: (row: T) => ReactNode
}) {
  const { LL } = useI18n()
  const wide = ['md', 'lg', 'xl'].includes(useBreakpoint())
  if (rows.length === 0) return <Text>{LL.editors.common.empty()}</Text>
  if (wide) {
    return (
      <Table verticalSpacing="sm" aria-label={label}>
        <ColumnHeads names={[...columns.map((column) => column.header), ...(actions ? [LL.editors.common.actions()] : [])]} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
              ))}
              {actions && <Table.Td>{actions(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )
  }
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder p="md" radius="md">
          <Stack gap={6}>
            {columns.map((column, index) => (
              <div key={column.header}>
                {index === 0 ? (
                  <Text fw={600}>{column.cell(row)}</Text>
                ) : (
                  <Text size="sm">
                    <Text span c="dimmed">
                      {column.header}:
                    </Text>{' '}
                    {column.cell(row)}
                  </Text>
                )}
              </div>
            ))}
            {actions && <div>{actions(row)}</div>}
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
