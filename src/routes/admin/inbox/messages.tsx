import { Anchor, Badge, Button, Group } from '@mantine/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { MESSAGE_FILTERS } from '../../../../core/domain/site/inbox.js'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { InboxPage, MessageText } from '../../../features/admin/inbox/InboxPage'
import { ListFilter } from '../../../features/admin/inbox/ListFilter'
import { filteredListSearch } from '../../../features/admin/inbox/list-search'
import { formatDateTime } from '../../../lib/format'
import { showSubmitError } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { showSuccess } from '../../../lib/toasts'
import { useTRPC } from '../../../lib/trpc'

/** /admin/inbox/messages: contact messages, newest first, the ones not yet handled by default. */
export const Route = createFileRoute('/admin/inbox/messages')({
  ssr: false,
  ...filteredListSearch(MESSAGE_FILTERS),
  component: MessagesPage,
})

function MessagesPage() {
  const { LL, locale } = useI18n()
  const t = LL.inbox.messages
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { filter, page } = Route.useSearch()
  const { data } = useQuery(trpc.admin.inbox.messages.queryOptions({ filter, page }, { placeholderData: keepPreviousData, staleTime: 0 }))
  const mark = useMutation(trpc.admin.inbox.setMessageHandled.mutationOptions())
  const setHandled = async (id: number, handled: boolean) => {
    try {
      await mark.mutateAsync({ id, handled })
      showSuccess(handled ? t.markedHandled() : t.markedOpen())
    } catch (error) {
      showSubmitError({ setErrors: () => undefined }, error)
    }
    await queryClient.invalidateQueries({ queryKey: trpc.admin.inbox.pathKey() })
  }
  return (
    <InboxPage
      title={LL.inbox.nav.messages()}
      intro={t.intro()}
      filter={<ListFilter value={filter} options={MESSAGE_FILTERS.map((f) => ({ value: f, label: t.filters[f]() }))} />}
      meta={data?.meta}
    >
      {data && (
        <EditorList
          label={t.tableLabel()}
          rows={data.items}
          columns={[
            { header: t.subject(), cell: (m) => m.subject },
            {
              header: t.from(),
              cell: (m) => (
                <>
                  {m.name} &lt;
                  <Anchor
                    underline="always"
                    href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                    aria-label={`${m.email}: ${t.reply()}`}
                  >
                    {m.email}
                  </Anchor>
                  &gt;
                </>
              ),
            },
            { header: LL.inbox.common.received(), cell: (m) => formatDateTime(m.receivedAt, locale) },
            {
              header: t.message(),
              cell: (m) => <MessageText>{m.message}</MessageText>,
            },
            { header: t.language(), cell: (m) => m.locale.toUpperCase() },
            {
              header: t.handled(),
              cell: (m) =>
                m.handledAt ? (
                  <Badge variant="light" color="green">
                    {formatDateTime(m.handledAt, locale)}
                  </Badge>
                ) : (
                  LL.inbox.common.no()
                ),
            },
          ]}
          actions={(m) => (
            <Group gap="xs">
              <Button
                size="sm"
                mih={44}
                variant="default"
                loading={mark.isPending && mark.variables?.id === m.id}
                aria-label={`${m.handledAt ? t.markOpen() : t.markHandled()}: “${m.subject}”`}
                onClick={() => void setHandled(m.id, !m.handledAt)}
              >
                {m.handledAt ? t.markOpen() : t.markHandled()}
              </Button>
            </Group>
          )}
        />
      )}
    </InboxPage>
  )
}
