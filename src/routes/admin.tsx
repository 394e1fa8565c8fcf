import { Container, Text } from '@mantine/core'
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AdminNav } from '../features/admin/AdminNav'
import { adminArea } from '../features/admin/gate'
import { useI18n } from '../lib/locale'
import { staticHead } from '../lib/seo'

/**
 * /admin: the operations console, for administrators only. Rendered in the browser only
 * (ssr: false, like the account pages): what it shows depends on the session.
 */
export const Route = createFileRoute('/admin')({
  ssr: false,
  head: staticHead('admin', { noindex: true }),
  beforeLoad: adminArea,
  component: AdminLayout,
})

function AdminLayout() {
  const { LL } = useI18n()
  return (
    <Container size="xl" px={0} py="lg">
      <Text c="dimmed" size="sm" fw={600} tt="uppercase" mb={4}>
        {LL.admin.title()}
      </Text>
      <AdminNav />
      <Outlet />
    </Container>
  )
}
