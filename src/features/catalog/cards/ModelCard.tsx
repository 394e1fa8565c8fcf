import { useI18n } from '../../../lib/locale'
import { PersonIcon } from '../icons'
import { CardPicture } from './CardPicture'
import type { HeadingOrder } from './ContentCard'
import { itemPath } from './links'
import { LikesStat } from './Stats'
import type { ModelItem } from '../../../lib/api-types.js'
import s from './cards.module.css'

/** A model in a list or carousel: portrait, name, age and likes. */
export function ModelCard({ model, headingOrder = 3, eager }: { model: ModelItem; headingOrder?: HeadingOrder; eager?: boolean }) {
  const { LL, locale } = useI18n()
  const href = itemPath.model(locale, model.id)
  const Heading = `h${headingOrder}` as 'h3'
  return (
    <article aria-label={model.name} className={s.card} data-nav="">
      <CardPicture
        picture={model.picture}
        ratio={3 / 4}
        sizes="(min-width: 88em) 17vw, (min-width: 48em) 25vw, 34vw"
        seed={model.id + 3}
        placeholderIcon={<PersonIcon size={56} />}
        placeholderText={LL.catalog.card.pictureComing()}
        eager={eager}
        href={href}
      />
      {/* Three to a row on phones: the name has the line to itself there, the age goes under it. */}
      <Heading className={`${s.title} ${s.one}`}>
        <a href={href}>{model.name}</a>
      </Heading>
      <div className={`${s.line} ${s.spread}`}>
        <LikesStat likes={model.likes} />
        {model.age !== null && <span>{LL.catalog.card.age({ age: model.age })}</span>}
      </div>
    </article>
  )
}
