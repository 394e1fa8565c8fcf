import { Card, Group, Text, Title, type TitleOrder } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ModelItem } from '../../../../server/services/catalog/dto.js'
import { AnchorLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import { PersonIcon } from '../icons'
import { CardPicture } from './CardPicture'
import { LikesStat } from './Stats'

/** A model in a list or carousel: portrait, name, age and likes. */
export function ModelCard({ model, headingOrder = 3 }: { model: ModelItem; headingOrder?: TitleOrder }) {
  const { LL, locale } = useI18n()
  const link = { to: '/$lang/models/$id', params: { lang: locale, id: String(model.id) }, search: { type: 'videos' } } as const
  return (
    <Card component="article" aria-label={model.name} padding="sm" radius="md" withBorder h="100%">
      <Card.Section>
        <Link {...link} tabIndex={-1} aria-hidden="true" className="picture-link">
          <CardPicture
            picture={model.picture}
            ratio={3 / 4}
            sizes="(min-width: 88em) 17vw, (min-width: 48em) 25vw, 50vw"
            seed={model.id + 3}
            placeholderIcon={<PersonIcon size={56} />}
            placeholderText={LL.catalog.card.pictureComing()}
          />
        </Link>
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" align="baseline">
        <Title order={headingOrder} fz="md" fw={600} lineClamp={1}>
          <AnchorLink {...link} c="gray.0" inherit>
            {model.name}
          </AnchorLink>
        </Title>
        {model.age !== null && (
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {LL.catalog.card.age({ age: model.age })}
          </Text>
        )}
      </Group>
      <Group c="dimmed" mt={4}>
        <LikesStat likes={model.likes} />
      </Group>
    </Card>
  )
}
