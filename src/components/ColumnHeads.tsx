import { Table } from '@mantine/core'

/** A table's head: one column header (`<th scope="col">`) a name. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name} scope="col">
            {name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  )
}
