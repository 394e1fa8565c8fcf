import { Badge, Group, Image, Stack, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { editorListPage, type EditorListResource } from '../../../features/admin/editors/EditorListPage'
import { formatDateTime } from '../../../lib/format'

const bannersList: EditorListResource<'banners'> = {
  area: 'banners',
  nameOf: (b) => b.title,
  columns: (LL, locale) => [
    {
      header: LL.editors.banners.titleLabel(),
      cell: (b) => (
        <Group gap="sm" wrap="nowrap">
          {b.imageUrl && <Image src={b.imageUrl} alt="" w={96} h={30} radius="sm" />}
          <span>{b.title}</span>
        </Group>
      ),
    },
    { header: LL.editors.banners.position(), cell: (b) => LL.editors.banners.positions[b.position]() },
    { header: LL.editors.common.order(), cell: (b) => b.sortOrder },
    {
      header: LL.editors.banners.schedule(),
      cell: (b) => (
        <Stack gap={2}>
          <Badge variant="light" color={b.showing ? 'green' : 'gray'}>
            {b.showing ? LL.editors.banners.showing() : LL.editors.banners.notShowing()}
          </Badge>
          {(b.startsAt || b.endsAt) && <Text size="xs">{[b.startsAt, b.endsAt].map((d) => (d ? formatDateTime(d, locale) : '…')).join(' – ')}</Text>}
        </Stack>
      ),
    },
  ],
}

/** /admin/banners: the home page's banners, top and bottom. */
export const Route = createFileRoute('/admin/banners/')({ ssr: false, component: editorListPage(bannersList) })
