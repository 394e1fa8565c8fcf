import { Paper, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled block of a console detail page (a region named by its h2). */
export function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} miw={0}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  )
}
