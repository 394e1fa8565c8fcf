import { Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { REPORT_PROCESSING_BUSINESS_DAYS } from '../../../../../core/domain/site/site.js'
import { REPORT_FILTERS } from '../../../../../core/domain/site/inbox.js'
import { ButtonLink } from '../../../../components/links'
import { EditorList } from '../../../../features/admin/editors/EditorList'
import { InboxPage } from '../../../../features/admin/inbox/InboxPage'
import { ListFilter } from '../../../../features/admin/inbox/ListFilter'
import { filteredListSearch } from '../../../../features/admin/inbox/list-search'
import { ReportBadges } from '../../../../features/admin/inbox/ReportBadges'
import { formatDate, formatDateTime } from '../../../../lib/format'
import { useI18n } from '../../../../lib/locale'
import { useTRPC } from '../../../../lib/trpc'

/** /admin/inbox/reports: removal reports, open ones due first by default, overdue ones marked. */
export const Route = createFileRoute('/admin/inbox/reports/')({
  ssr: false,
  ...filteredListSearch(REPORT_FILTERS),
  component: ReportsPage,
})

function ReportsPage() {
  const { LL, locale } = useI18n()
  const t = LL.inbox.reports
  const { filter, page } = Route.useSearch()
  const { data } = useQuery(useTRPC().admin.inbox.reports.queryOptions({ filter, page }, { placeholderData: keepPreviousData, staleTime: 0 }))
  return (
    <InboxPage
      title={LL.inbox.nav.reports()}
      intro={t.intro({ days: REPORT_PROCESSING_BUSINESS_DAYS })}
      filter={<ListFilter value={filter} options={REPORT_FILTERS.map((f) => ({ value: f, label: t.filters[f]() }))} />}
      meta={data?.meta}
    >
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data.items}
          columns={[
            { header: t.report(), cell: (r) => `#${r.id}` },
            { header: t.state(), cell: (r) => <ReportBadges report={r} /> },
            {
              header: t.due(),
              cell: (r) => (
                <Text span fw={r.overdue ? 700 : undefined} size="sm">
                  {formatDate(r.dueDay, locale)}
                </Text>
              ),
            },
            { header: LL.inbox.common.received(), cell: (r) => formatDateTime(r.receivedAt, locale) },
            { header: t.sender(), cell: (r) => `${r.name} <${r.email}>` },
            { header: t.type(), cell: (r) => LL.site.report.types[r.type]() },
          ]}
          actions={(r) => (
            <ButtonLink to="/admin/inbox/reports/$id" params={{ id: r.id }} size="sm" mih={44} variant="default" aria-label={t.openLabel({ id: r.id })}>
              {LL.inbox.common.open()}
            </ButtonLink>
          )}
        />
      )}
    </InboxPage>
  )
}
