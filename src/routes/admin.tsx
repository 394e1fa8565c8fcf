import { Container, Text } from '@mantine/core'
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AdminNav } from '../features/admin/AdminNav'
import { adminArea } from '../features/admin/gate'
import { I18nProvider, loadNamespaces, useI18n } from '../lib/locale'
import { staticHead } from '../lib/seo'

/**
 * /admin: the operations console, for administrators only. Rendered in the browser only
 * (ssr: false, like the account pages): what it shows depends on the session.
 */
export const Route = createFileRoute('/admin')({
  ssr: false,
  head: staticHead('admin', { noindex: true }),
  beforeLoad: async (args) => {
    const gate = await adminArea(args)
    await loadNamespaces(args.context.locale, CONSOLE_NAMESPACES)
    return gate
  },
  component: AdminLayout,
})

/** The console's texts: loaded by its pages only (src/lib/locale.tsx). */
const CONSOLE_NAMESPACES = ['admin', 'editors', 'inbox', 'tour', 'age'] as const

function AdminLayout() {
  const { locale } = Route.useRouteContext()
  // The site's provider was made before the console's texts were loaded.
  return (
    <I18nProvider locale={locale}>
      <ConsoleFrame />
    </I18nProvider>
  )
}

function ConsoleFrame() {
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
