import { Title } from '@mantine/core'

/** A console page's h1: smaller on a phone, so long words ("Änderungsprotokoll") fit at 360 px. */
export function AdminTitle({ children }: { children: string }) {
  return (
    <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
      {children}
    </Title>
  )
}
