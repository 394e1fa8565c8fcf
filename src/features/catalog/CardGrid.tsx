import type { CSSProperties, ReactNode } from 'react'
import { useI18n } from '../../lib/locale'

/**
 * Columns per breakpoint, chosen so full pages (30/20/10 items) fill whole rows where they
 * can. Phones (below sm) show two columns of videos and image sets and three of models.
 */
export const GRID_COLUMNS = {
  videos: { base: 2, md: 4, lg: 5, xl: 6 },
  imageSets: { base: 2, md: 4, lg: 5, xl: 6 },
  models: { base: 3, sm: 4, lg: 5, xl: 6 },
  categories: { base: 1, xs: 2, md: 3, lg: 4 },
  /** Home blocks of 8 and 16 videos. */
  block: { base: 2, md: 4 },
  /** Five featured categories in one row on wide screens. */
  featured: { base: 2, md: 3, lg: 5 },
  /** Blocks of three (the models' other videos, image set recommendations). */
  three: { base: 2, sm: 3 },
  /** Four more models: two rows of two on phones. */
  four: { base: 2, sm: 4 },
} as const

/** Grids that drop to one column fewer on the narrowest phones (below 360 px), where two video cards would be too small. */
const FEWER_BELOW_360: Partial<Record<keyof typeof GRID_COLUMNS, true>> = { videos: true, imageSets: true, block: true, featured: true, three: true }

export function CardGrid({ columns, children, empty }: { columns: keyof typeof GRID_COLUMNS; children: ReactNode[]; empty?: string }) {
  const { LL } = useI18n()
  if (!children.length) {
    return <p className="card-grid-empty">{empty ?? LL.catalog.empty()}</p>
  }
  // A CSS grid (styles.css, `.card-grid`) with its columns per breakpoint as custom properties:
  // the same layout as Mantine's SimpleGrid without its script.
  const cols = Object.fromEntries(Object.entries(GRID_COLUMNS[columns]).map(([breakpoint, count]) => [`--cols-${breakpoint}`, count])) as CSSProperties
  return (
    <div className={FEWER_BELOW_360[columns] ? 'card-grid card-grid--one-below-360' : 'card-grid'} style={cols}>
      {children}
    </div>
  )
}
