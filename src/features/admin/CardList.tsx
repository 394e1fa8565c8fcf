import { Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A labelled list of cards: the console's rows on a phone, and its lists of uploads and workers. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  )
}

/** One card of a CardList. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" withBorder p="md" radius="md">
      {children}
    </Paper>
  )
}

/** A part of a console page under its own h2 (the landmark's name). */
export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  )
}
