import { createFileRoute } from '@tanstack/react-router'
import { PageTitle } from '../components/PageTitle'
import { protectedArea } from '../features/auth/gates'
import { useI18n } from '../lib/locale'

export const Route = createFileRoute('/watch-later')({
  beforeLoad: protectedArea,
  component: Page,
})

function Page() {
  const { LL } = useI18n()
  return <PageTitle>{LL.meta.watchLater()}</PageTitle>
}
