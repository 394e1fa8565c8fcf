import { Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { ListQueryInput } from '../../../core/domain/schemas/catalog.js'
import { CardGrid, GRID_COLUMNS } from './CardGrid'
import { ImageSetCard } from './cards/ImageSetCard'
import { ModelCard } from './cards/ModelCard'
import { VideoCard } from './cards/VideoCard'
import { useNearViewport } from '../../lib/near-viewport'
import { useTRPC } from '../../lib/trpc'
import { listQuery } from './queries'
import { Section } from './Section'

type Kind = 'videos' | 'imageSets' | 'models'

/** One list query of the block's kind; `enabled` false leaves it idle. */
function useKindList(kind: Kind, input: ListQueryInput, enabled = true) {
  const lists = listQuery(useTRPC())
  const videos = useQuery({ ...lists.videos(input), enabled: enabled && kind === 'videos' })
  const sets = useQuery({ ...lists.imageSets(input), enabled: enabled && kind === 'imageSets' })
  const models = useQuery({ ...lists.models(input), enabled: enabled && kind === 'models' })
  if (kind === 'videos') return videos.data?.items.map((video) => ({ id: video.id, card: <VideoCard key={video.id} video={video} /> }))
  if (kind === 'imageSets') return sets.data?.items.map((set) => ({ id: set.id, card: <ImageSetCard key={set.id} imageSet={set} /> }))
  return models.data?.items.map((model) => ({ id: model.id, card: <ModelCard key={model.id} model={model} /> }))
}

/**
 * A block of related items under a detail page (the models' other videos, recommendations,
 * more models). It loads when the visitor scrolls near it (nothing of it is fetched or drawn
 * while the page starts) and disappears when it has nothing to show.
 * With `fill`, a block that found fewer than `input.limit` items is topped up from that wider
 * query (recommendations: the same category first, then the rest of the catalog).
 */
export function RelatedBlock({
  id,
  title,
  kind,
  input,
  fill,
  columns = 'block',
}: {
  id: string
  title: string
  kind: Kind
  input: ListQueryInput
  fill?: ListQueryInput
  columns?: keyof typeof GRID_COLUMNS
}) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>()
  const first = useKindList(kind, input, near)
  const missing = first && input.limit ? input.limit - first.length : 0
  const fillInput: ListQueryInput = {
    ...(fill ?? input),
    limit: Math.max(1, missing),
    not: [...[fill?.not ?? []].flat(), ...(first ?? []).map((item) => item.id)],
  }
  const more = useKindList(kind, fillInput, near && !!fill && missing > 0)
  const waiting = !first || (!!fill && missing > 0 && !more)
  const cards: ReactNode[] | null = waiting ? null : [...first, ...(missing > 0 ? (more ?? []) : [])].map((item) => item.card)
  if (cards && !cards.length) return null
  return (
    <Section id={id} title={title}>
      {cards ? <CardGrid columns={columns}>{cards}</CardGrid> : <Skeleton ref={nearRef} height={180} radius="md" />}
    </Section>
  )
}
