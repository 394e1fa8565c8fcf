import { Badge, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { formatCents } from '../../../../core/domain/billing/prices.js'
import { editorListPage, type EditorListResource } from '../../../features/admin/editors/EditorListPage'

const plansList: EditorListResource<'plans'> = {
  area: 'plans',
  nameOf: (p) => p.name,
  columns: (LL, locale) => {
    const t = LL.editors.plans
    return [
      {
        header: t.name(),
        cell: (p) => (
          <Group gap="xs">
            <span>{p.name}</span>
            {p.highlight && (
              <Badge variant="light" color="pink">
                {t.highlightShort()}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        header: t.sid(),
        cell: (p) => (
          <Text span ff="monospace" size="sm">
            {p.sid}
          </Text>
        ),
      },
      { header: t.price(), cell: (p) => `${formatCents(p.priceCents, p.currency, locale)} · ${t.periods[p.period]()}` },
      {
        header: t.visibility(),
        cell: (p) => (
          <Badge variant="light" color={p.visibility === 'public' ? 'green' : 'gray'}>
            {t.visibilitiesShort[p.visibility]()}
          </Badge>
        ),
      },
      { header: t.subscriptions(), cell: (p) => new Intl.NumberFormat(locale).format(p.subscriptions) },
    ]
  },
}

/** /admin/plans: the memberships, their price, visibility and subscriptions. */
export const Route = createFileRoute('/admin/plans/')({ ssr: false, component: editorListPage(plansList) })
