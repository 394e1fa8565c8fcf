import { useI18n } from '../../../lib/locale'
import { ImagesIcon } from '../icons'
import { CardPicture, WithWebp } from './CardPicture'
import type { HeadingOrder } from './ContentCard'
import { itemPath } from './links'
import type { CategoryItem } from '../../../lib/api-types.js'
import s from './cards.module.css'

/** A category: preview picture, logo, title and description; links to its videos tab. */
export function CategoryCard({ category, headingOrder = 3, eager }: { category: CategoryItem; headingOrder?: HeadingOrder; eager?: boolean }) {
  const { LL, locale } = useI18n()
  const href = itemPath.category(locale, category.id)
  const Heading = `h${headingOrder}` as 'h3'
  return (
    <article aria-label={category.title} className={s.card} data-nav="">
      <CardPicture
        picture={category.preview}
        ratio={16 / 9}
        sizes="(min-width: 62em) 20vw, (min-width: 36em) 50vw, 100vw"
        seed={category.id * 5}
        placeholderIcon={<ImagesIcon size={36} />}
        placeholderText={LL.catalog.card.pictureComing()}
        eager={eager}
        href={href}
      />
      <div className={s.head}>
        {category.logo && (
          <WithWebp picture={category.logo} className={s.logo}>
            <img src={category.logo.src} alt="" className={s.logo} width={38} height={38} loading="lazy" />
          </WithWebp>
        )}
        <Heading className={`${s.title} ${s.one} ${s.fixedSize}`}>
          <a href={href}>{category.title}</a>
        </Heading>
      </div>
      <p className={s.description}>{category.description}</p>
    </article>
  )
}
