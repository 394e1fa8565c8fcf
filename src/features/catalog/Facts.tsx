import { Box, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** Label/value pairs as a description list. */
/** Falsy entries (a fact the item does not have) are left out. */
export function Facts({ items, label }: { items: Array<{ label: string; value: ReactNode } | false | null | undefined | '' | 0>; label?: string }) {
  const rows = items.filter((item): item is { label: string; value: ReactNode } => !!item)
  return (
    // data-nav: its links navigate in the app even before the part holding it is hydrated (src/lib/plain-links.ts).
    <Box component="dl" aria-label={label} data-nav="" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', gap: '8px 16px' }}>
      {rows.map((row) => (
        <Box key={row.label} style={{ display: 'contents' }}>
          <Text component="dt" c="dimmed" size="sm">
            {row.label}
          </Text>
          <Text component="dd" m={0} size="sm">
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  )
}
