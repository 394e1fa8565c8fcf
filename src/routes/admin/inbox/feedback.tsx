import { Code } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pagedListSearch } from '../../../features/admin/inbox/list-search'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { InboxPage, MessageText } from '../../../features/admin/inbox/InboxPage'
import { formatDateTime } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/inbox/feedback: what visitors wrote on the error screen, newest first. */
export const Route = createFileRoute('/admin/inbox/feedback')({
  ssr: false,
  ...pagedListSearch,
  component: FeedbackPage,
})

function FeedbackPage() {
  const { LL, locale } = useI18n()
  const t = LL.inbox.feedback
  const { page } = Route.useSearch()
  const { data } = useQuery(useTRPC().admin.inbox.feedback.queryOptions({ page }, { placeholderData: keepPreviousData, staleTime: 0 }))
  return (
    <InboxPage title={LL.inbox.nav.feedback()} intro={t.intro()} meta={data?.meta}>
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data.items}
          columns={[
            {
              header: t.message(),
              cell: (f) => <MessageText>{f.message}</MessageText>,
            },
            { header: LL.inbox.common.received(), cell: (f) => formatDateTime(f.receivedAt, locale) },
            { header: t.page(), cell: (f) => (f.path ? <Code>{f.path}</Code> : '–') },
            { header: t.error(), cell: (f) => (f.error ? <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{f.error}</Code> : '–') },
            { header: t.user(), cell: (f) => f.userEmail ?? t.visitor() },
          ]}
        />
      )}
    </InboxPage>
  )
}
