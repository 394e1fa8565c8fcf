import { Badge, Group, Image, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
import { formatDateTime } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/banners: the home page's banners, top and bottom. */
export const Route = createFileRoute('/admin/banners/')({ ssr: false, component: BannersPage })

function BannersPage() {
  const { LL, locale } = useI18n()
  const t = LL.editors.banners
  const { data } = useQuery(useTRPC().admin.banners.list.queryOptions({ locale }, { staleTime: 0 }))
  return (
    <EditorListPage
      texts={{ title: t.title(), intro: t.intro(), newTitle: t.newTitle(), tableLabel: t.tableLabel() }}
      editTo="/admin/banners/$id"
      rows={data}
      nameOf={(b) => b.title}
      columns={[
        { header: t.titleLabel(), cell: (b) => <Group gap="sm" wrap="nowrap">{b.imageUrl && <Image src={b.imageUrl} alt="" w={96} h={30} radius="sm" />}<span>{b.title}</span></Group> },
        { header: t.position(), cell: (b) => t.positions[b.position]() },
        { header: LL.editors.common.order(), cell: (b) => b.sortOrder },
        {
          header: t.schedule(),
          cell: (b) => (
            <Stack gap={2}>
              <Badge variant="light" color={b.showing ? 'green' : 'gray'}>{b.showing ? t.showing() : t.notShowing()}</Badge>
              {(b.startsAt || b.endsAt) && <Text size="xs">{[b.startsAt, b.endsAt].map((d) => (d ? formatDateTime(d, locale) : '…')).join(' – ')}</Text>}
            </Stack>
          ),
        },
      ]}
    />
  )
}
