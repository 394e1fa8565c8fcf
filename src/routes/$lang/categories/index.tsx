import { createFileRoute } from '@tanstack/react-router'
import { ListPage } from '../../../features/catalog/ContentList'
import { listRouteOptions } from '../../../features/catalog/list-route'
import { useI18n } from '../../../lib/locale'

export const Route = createFileRoute('/$lang/categories/')({ ...listRouteOptions('categories'), component: CategoriesPage })

function CategoriesPage() {
  const { LL } = useI18n()
  return <ListPage kind="categories" title={LL.meta.categories()} />
}
