import { Badge, Group, Image, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ButtonLink } from '../../../components/links'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorList } from '../../../features/admin/editors/EditorList'
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
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Group>
        <ButtonLink to="/admin/banners/$id" params={{ id: null }} mih={44}>
          {t.newTitle()}
        </ButtonLink>
      </Group>
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data}
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
          actions={(b) => (
            <ButtonLink to="/admin/banners/$id" params={{ id: b.id }} size="sm" mih={44} variant="default" aria-label={LL.editors.common.editLabel({ name: b.title })}>
              {LL.editors.common.edit()}
            </ButtonLink>
          )}
        />
      )}
    </Stack>
  )
}
