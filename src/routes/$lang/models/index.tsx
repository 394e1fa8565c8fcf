import { createFileRoute } from '@tanstack/react-router'
import { ListPage } from '../../../features/catalog/ContentList'
import { listRouteOptions } from '../../../features/catalog/list-route'
import { useI18n } from '../../../lib/locale'

export const Route = createFileRoute('/$lang/models/')({ ...listRouteOptions('models'), component: ModelsPage })

function ModelsPage() {
  const { LL } = useI18n()
  return <ListPage kind="models" title={LL.meta.models()} />
}
