import { createFileRoute } from '@tanstack/react-router'
import { ListPage } from '../../../features/catalog/ContentList'
import { listRouteOptions } from '../../../features/catalog/list-route'
import { useI18n } from '../../../lib/locale'

export const Route = createFileRoute('/$lang/videos/')({ ...listRouteOptions('videos'), component: VideosPage })

function VideosPage() {
  const { LL } = useI18n()
  return <ListPage kind="videos" title={LL.meta.videos()} />
}
