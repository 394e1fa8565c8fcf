import { createFileRoute } from '@tanstack/react-router'
import { ListPage, listRouteOptions } from '../../../features/catalog/ContentList'
import { useI18n } from '../../../lib/locale'

export const Route = createFileRoute('/$lang/videos/')(listRouteOptions('videos', VideosPage))

function VideosPage({ kind }: { kind: 'videos' }) {
  const { LL } = useI18n()
  return <ListPage kind={kind} title={LL.meta.videos()} />
}
