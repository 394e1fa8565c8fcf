import { Fragment } from 'react'
import { useI18n } from '../../../lib/locale'
import { itemPath } from './links'
import type { ModelRef } from '../../../lib/api-types.js'
import s from './cards.module.css'

/** "With Lena, Mia": each name links to the model's page. */
export function ModelNames({ models }: { models: ModelRef[] }) {
  const { LL, locale } = useI18n()
  if (!models.length) return null
  const [before] = LL.catalog.card.withModels({ names: '\u0000' }).split('\u0000')
  return (
    <p className={s.names} data-nav="">
      {before}
      {models.map((model, index) => (
        <Fragment key={model.id}>
          {index > 0 && ', '}
          <a href={itemPath.model(locale, model.id)}>{model.name}</a>
        </Fragment>
      ))}
    </p>
  )
}
