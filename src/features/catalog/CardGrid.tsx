import { SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useI18n } from '../../lib/locale'

/** Columns per breakpoint, chosen so full pages (30/20/10 items) fill whole rows. */
export const GRID_COLUMNS = {
  videos: { base: 1, xs: 2, md: 4, lg: 5, xl: 6 },
  imageSets: { base: 1, xs: 2, md: 4, lg: 5, xl: 6 },
  models: { base: 2, sm: 4, lg: 5, xl: 6 },
  categories: { base: 1, xs: 2, md: 3, lg: 4 },
  /** Home blocks of 8 and 16 videos. */
  block: { base: 1, xs: 2, md: 4 },
  /** Five featured categories in one row on wide screens. */
  featured: { base: 1, xs: 2, md: 3, lg: 5 },
  /** Blocks of three (the models' other videos, image set recommendations). */
  three: { base: 1, xs: 2, sm: 3 },
  /** Four more models. */
  four: { base: 2, sm: 4 },
} as const

export function CardGrid({ columns, children, empty }: { columns: keyof typeof GRID_COLUMNS; children: ReactNode[]; empty?: string }) {
  const { LL } = useI18n()
  if (!children.length) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {empty ?? LL.catalog.empty()}
      </Text>
    )
  }
  return (
    <SimpleGrid cols={GRID_COLUMNS[columns]} spacing="md" verticalSpacing="lg">
      {children}
    </SimpleGrid>
  )
}
