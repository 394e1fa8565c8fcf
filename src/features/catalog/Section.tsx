import { Group, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useI18n } from '../../lib/locale'

/**
 * A titled block of a page (home blocks, recommendations) with its heading and, when given,
 * a "show all" link whose accessible name says which block it opens.
 */
export function Section({ id, title, showAll, children }: { id: string; title: string; showAll?: (label: string) => ReactNode; children: ReactNode }) {
  const { LL } = useI18n()
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} id={id} fz="h3">
          {title}
        </Title>
        {showAll?.(LL.catalog.showAllOf({ block: title }))}
      </Group>
      {children}
    </Stack>
  )
}
