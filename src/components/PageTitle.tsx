import { Title } from '@mantine/core'
import { useDocumentHead } from '../lib/head'

/** The page's h1, which also sets the document title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentHead(children)
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  )
}
