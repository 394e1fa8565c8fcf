import { Badge, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { formatCents } from '../../../../core/domain/billing/prices.js'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/plans: the memberships, their price, visibility and subscriptions. */
export const Route = createFileRoute('/admin/plans/')({ ssr: false, component: PlansPage })

function PlansPage() {
  const { LL, locale } = useI18n()
  const t = LL.editors.plans
  const { data } = useQuery(useTRPC().admin.plans.list.queryOptions({ locale }, { staleTime: 0 }))
  return (
    <EditorListPage
      texts={{ title: t.title(), intro: t.intro(), newTitle: t.newTitle(), tableLabel: t.tableLabel() }}
      editTo="/admin/plans/$id"
      rows={data}
      nameOf={(p) => p.name}
      columns={[
        {
          header: t.name(),
          cell: (p) => (
            <Group gap="xs">
              <span>{p.name}</span>
              {p.highlight && <Badge variant="light" color="pink">{t.highlightShort()}</Badge>}
            </Group>
          ),
        },
        { header: t.sid(), cell: (p) => <Text span ff="monospace" size="sm">{p.sid}</Text> },
        { header: t.price(), cell: (p) => `${formatCents(p.priceCents, p.currency, locale)} · ${t.periods[p.period]()}` },
        { header: t.visibility(), cell: (p) => <Badge variant="light" color={p.visibility === 'public' ? 'green' : 'gray'}>{t.visibilitiesShort[p.visibility]()}</Badge> },
        { header: t.subscriptions(), cell: (p) => new Intl.NumberFormat(locale).format(p.subscriptions) },
      ]}
    />
  )
}
