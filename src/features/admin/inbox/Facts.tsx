import { SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** Labelled facts of a console detail page (a description list: two columns on wide screens). */
export function Facts({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
