import { Card, Group, Text, Title, type TitleOrder } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { AnchorLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import { PersonIcon } from '../icons'
import { CardPicture } from './CardPicture'
import { LikesStat } from './Stats'
import type { ModelItem } from '../../../lib/api-types.js'

/** A model in a list or carousel: portrait, name, age and likes. */
export function ModelCard({ model, headingOrder = 3, eager }: { model: ModelItem; headingOrder?: TitleOrder; eager?: boolean }) {
  const { LL, locale } = useI18n()
  const link = { to: '/$lang/models/$id', params: { lang: locale, id: String(model.id) }, search: { type: 'videos' } } as const
  return (
    <Card component="article" aria-label={model.name} padding="sm" radius="md" withBorder h="100%">
      <Card.Section>
        <Link {...link} tabIndex={-1} aria-hidden="true" className="picture-link">
          <CardPicture
            picture={model.picture}
            ratio={3 / 4}
            sizes="(min-width: 88em) 17vw, (min-width: 48em) 25vw, 34vw"
            seed={model.id + 3}
            placeholderIcon={<PersonIcon size={56} />}
            placeholderText={LL.catalog.card.pictureComing()}
            eager={eager}
          />
        </Link>
      </Card.Section>
      {/* Three to a row on phones: the name has the line to itself there, the age goes under it. */}
      <Title order={headingOrder} fz={{ base: 'sm', sm: 'md' }} fw={600} mt="sm" lineClamp={1}>
        <AnchorLink {...link} c="gray.0" inherit>
          {model.name}
        </AnchorLink>
      </Title>
      <Group c="dimmed" mt={4} gap="xs" justify="space-between" wrap="wrap" style={{ rowGap: 2 }}>
        <LikesStat likes={model.likes} />
        {model.age !== null && <Text size="sm">{LL.catalog.card.age({ age: model.age })}</Text>}
      </Group>
    </Card>
  )
}
