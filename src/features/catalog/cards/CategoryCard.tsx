import { Card, Group, Image, Text, Title, type TitleOrder } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { AnchorLink } from '../../../components/links'
import { useI18n } from '../../../lib/locale'
import { ImagesIcon } from '../icons'
import { CardPicture, WithWebp } from './CardPicture'
import type { CategoryItem } from '../../../lib/api-types.js'

/** A category: preview picture, logo, title and description; links to its videos tab. */
export function CategoryCard({ category, headingOrder = 3, eager }: { category: CategoryItem; headingOrder?: TitleOrder; eager?: boolean }) {
  const { LL, locale } = useI18n()
  const link = { to: '/$lang/categories/$id/$tab', params: { lang: locale, id: String(category.id), tab: 'videos' } } as const
  return (
    <Card component="article" aria-label={category.title} padding="sm" radius="md" withBorder h="100%">
      <Card.Section>
        <Link {...link} tabIndex={-1} aria-hidden="true" className="picture-link">
          <CardPicture
            picture={category.preview}
            ratio={16 / 9}
            sizes="(min-width: 62em) 20vw, (min-width: 36em) 50vw, 100vw"
            seed={category.id * 5}
            placeholderIcon={<ImagesIcon size={36} />}
            placeholderText={LL.catalog.card.pictureComing()}
            eager={eager}
          />
        </Link>
      </Card.Section>
      <Group gap="sm" mt="sm" wrap="nowrap">
        {category.logo && (
          <WithWebp picture={category.logo} style={{ flexShrink: 0 }}>
            <Image src={category.logo.src} alt="" radius="sm" w={38} h={38} loading="lazy" />
          </WithWebp>
        )}
        <Title order={headingOrder} fz="md" fw={600} lineClamp={1}>
          <AnchorLink {...link} c="gray.0" inherit>
            {category.title}
          </AnchorLink>
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
        {category.description}
      </Text>
    </Card>
  )
}
