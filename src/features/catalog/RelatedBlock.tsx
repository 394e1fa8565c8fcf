import { Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { ListQueryInput } from '../../../server/domain/schemas/catalog.js'
import { CardGrid, GRID_COLUMNS } from './CardGrid'
import { ImageSetCard } from './cards/ImageSetCard'
import { ModelCard } from './cards/ModelCard'
import { VideoCard } from './cards/VideoCard'
import { listQuery } from './queries'
import { Section } from './Section'

/**
 * A block of related items under a detail page (the models' other videos, recommendations,
 * more models). It loads after the page itself and disappears when it has nothing to show.
 */
export function RelatedBlock({ id, title, kind, input, columns = 'block' }: {
  id: string
  title: string
  kind: 'videos' | 'imageSets' | 'models'
  input: ListQueryInput
  columns?: keyof typeof GRID_COLUMNS
}) {
  const videos = useQuery({ ...listQuery.videos(input), enabled: kind === 'videos' })
  const sets = useQuery({ ...listQuery.imageSets(input), enabled: kind === 'imageSets' })
  const models = useQuery({ ...listQuery.models(input), enabled: kind === 'models' })
  let cards: ReactNode[] | null = null
  if (kind === 'videos' && videos.data) cards = videos.data.items.map((video) => <VideoCard key={video.id} video={video} />)
  if (kind === 'imageSets' && sets.data) cards = sets.data.items.map((set) => <ImageSetCard key={set.id} imageSet={set} />)
  if (kind === 'models' && models.data) cards = models.data.items.map((model) => <ModelCard key={model.id} model={model} />)
  if (cards && !cards.length) return null
  return (
    <Section id={id} title={title}>
      {cards ? <CardGrid columns={columns}>{cards}</CardGrid> : <Skeleton height={180} radius="md" />}
    </Section>
  )
}
