import { Badge, Group, Image } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/categories: every category with its logo, featured flag and order. */
export const Route = createFileRoute('/admin/categories/')({ ssr: false, component: CategoriesPage })

function CategoriesPage() {
  const { LL, locale } = useI18n()
  const t = LL.editors.categories
  const { data } = useQuery(useTRPC().admin.categories.list.queryOptions({ locale }, { staleTime: 0 }))
  return (
    <EditorListPage
      texts={{ title: t.title(), intro: t.intro(), newTitle: t.newTitle(), tableLabel: t.tableLabel() }}
      editTo="/admin/categories/$id"
      rows={data}
      nameOf={(c) => c.title}
      columns={[
        { header: t.name(), cell: (c) => <Group gap="sm" wrap="nowrap">{c.logoUrl && <Image src={c.logoUrl} alt="" w={40} h={40} radius="sm" />}<span>{c.title}</span></Group> },
        { header: t.featuredShort(), cell: (c) => <Badge variant="light" color={c.featured ? 'green' : 'gray'}>{c.featured ? LL.editors.common.yes() : LL.editors.common.no()}</Badge> },
        { header: LL.editors.common.order(), cell: (c) => c.sortOrder },
      ]}
    />
  )
}
