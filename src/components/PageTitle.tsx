import { Title } from '@mantine/core'

/** The page's h1, which also sets the document title. */
export function PageTitle({ children }: { children: string }) {
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  )
}
