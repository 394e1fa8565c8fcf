import { countText } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { ImagesIcon } from '../icons'
import { CardBadge } from './CardPicture'
import { ContentCard, type HeadingOrder } from './ContentCard'
import type { ImageSetItem } from '../../../lib/api-types.js'

export function ImageSetCard({ imageSet, headingOrder, eager }: { imageSet: ImageSetItem; headingOrder?: HeadingOrder; eager?: boolean }) {
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
          <CardBadge>
            <ImagesIcon size={12} />
            {countText(LL.catalog.count.images, imageSet.imagesCount, locale)}
          </CardBadge>
        )
      }
    />
  )
}
