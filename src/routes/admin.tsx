import { Container, Text } from '@mantine/core'
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SectionNav } from '../components/SectionNav'
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
      <SectionNav
        label={LL.admin.nav.label()}
        links={[
          // An item's edit page belongs to the pipeline it is opened from.
          { to: '/admin/pipeline', label: LL.admin.nav.pipeline(), also: '/admin/content' },
          { to: '/admin/upload', label: LL.admin.nav.upload() },
          { to: '/admin/models', label: LL.editors.nav.models() },
          { to: '/admin/categories', label: LL.editors.nav.categories() },
          { to: '/admin/banners', label: LL.editors.nav.banners() },
          { to: '/admin/plans', label: LL.editors.nav.plans() },
          { to: '/admin/legal', label: LL.editors.nav.legal() },
          { to: '/admin/faq', label: LL.editors.nav.faq() },
          { to: '/admin/inbox', label: LL.inbox.nav.inbox() },
          { to: '/admin/users', label: LL.inbox.nav.users() },
          { to: '/admin/age', label: LL.age.console.title() },
          { to: '/admin/audit', label: LL.admin.nav.audit() },
        ]}
      />
      <Outlet />
    </Container>
  )
}
