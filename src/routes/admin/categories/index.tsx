import { Badge, Group, Image } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { editorListPage, type EditorListResource } from '../../../features/admin/editors/EditorListPage'

const categoriesList: EditorListResource<'categories'> = {
  area: 'categories',
  nameOf: (c) => c.title,
  columns: (LL) => [
    {
      header: LL.editors.categories.name(),
      cell: (c) => (
        <Group gap="sm" wrap="nowrap">
          {c.logoUrl && <Image src={c.logoUrl} alt="" w={40} h={40} radius="sm" />}
          <span>{c.title}</span>
        </Group>
      ),
    },
    {
      header: LL.editors.categories.featuredShort(),
      cell: (c) => (
        <Badge variant="light" color={c.featured ? 'green' : 'gray'}>
          {c.featured ? LL.editors.common.yes() : LL.editors.common.no()}
        </Badge>
      ),
    },
    { header: LL.editors.common.order(), cell: (c) => c.sortOrder },
  ],
}

/** /admin/categories: every category with its logo, featured flag and order. */
export const Route = createFileRoute('/admin/categories/')({ ssr: false, component: editorListPage(categoriesList) })
