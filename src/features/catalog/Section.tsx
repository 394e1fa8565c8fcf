import type { ReactNode } from 'react'
import { useI18n } from '../../lib/locale'
import s from './Section.module.css'

/**
 * A titled block of a page (home blocks, recommendations, detail sections) with its heading
 * and, when given, a "show all" link whose accessible name says which block it opens. Plain
 * elements: the link is followed by the page's one link listener (src/lib/plain-links.ts).
 */
export function Section({ id, title, showAll, children }: { id: string; title: string; showAll?: string; children: ReactNode }) {
  const { LL } = useI18n()
  return (
    <section aria-labelledby={id} className={s.section}>
      <div className={s.head} data-nav="">
        <h2 id={id} className={s.title}>
          {title}
        </h2>
        {showAll && (
          <a href={showAll} aria-label={LL.catalog.showAllOf({ block: title })} className={`mantine-focus-auto ${s.showAll}`}>
            {LL.common.showAll()}
          </a>
        )}
      </div>
      {children}
    </section>
  )
}
