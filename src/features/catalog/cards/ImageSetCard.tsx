import { Badge, Group, type TitleOrder } from '@mantine/core'
import { countText } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { ImagesIcon } from '../icons'
import { ContentCard } from './ContentCard'
import type { ImageSetItem } from '../../../lib/api-types.js'

export function ImageSetCard({ imageSet, headingOrder, eager }: { imageSet: ImageSetItem; headingOrder?: TitleOrder; eager?: boolean }) {
  const { LL, locale } = useI18n()
  return (
    <ContentCard
      item={imageSet}
      to="/$lang/images/$id"
      ratio={4 / 3}
      placeholderIcon={<ImagesIcon size={40} />}
      headingOrder={headingOrder}
      eager={eager}
      badge={
        imageSet.imagesCount > 0 && (
          <Badge variant="filled" color="dark" radius="sm">
            <Group gap={4} wrap="nowrap">
              <ImagesIcon size={12} />
              {countText(LL.catalog.count.images, imageSet.imagesCount, locale)}
            </Group>
          </Badge>
        )
      }
    />
  )
}
