import { createFileRoute } from '@tanstack/react-router'
import { ListPage } from '../../../features/catalog/ContentList'
import { listRouteOptions } from '../../../features/catalog/list-route'
import { useI18n } from '../../../lib/locale'

export const Route = createFileRoute('/$lang/images/')({ ...listRouteOptions('imageSets'), component: ImageSetsPage })

function ImageSetsPage() {
  const { LL } = useI18n()
  return <ListPage kind="imageSets" title={LL.meta.images()} />
}
