import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../components/PageTitle'
import { useI18n } from '../lib/locale'

export const Route = createFileRoute('/login')({
  component: Page,
})

function Page() {
  const { LL } = useI18n()
  return <PageTitle>{LL.meta.login()}</PageTitle>
}
