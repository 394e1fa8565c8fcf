import { Text } from '@mantine/core'
import { Fragment } from 'react'
import { AnchorLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import type { ModelRef } from '../../../lib/api-types.js'

/** "With Lena, Mia": each name links to the model's page. */
export function ModelNames({ models }: { models: ModelRef[] }) {
  const { LL, locale } = useI18n()
  if (!models.length) return null
  const [before] = LL.catalog.card.withModels({ names: '\u0000' }).split('\u0000')
  return (
    <Text size="sm" c="dimmed" lineClamp={1} my={4}>
      {before}
      {models.map((model, index) => (
        <Fragment key={model.id}>
          {index > 0 && ', '}
          <AnchorLink to="/$lang/models/$id" params={{ lang: locale, id: String(model.id) }} search={{ type: 'videos' }} c="gray.3" inherit>
            {model.name}
          </AnchorLink>
        </Fragment>
      ))}
    </Text>
  )
}
