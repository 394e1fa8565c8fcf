import { Badge, Button, Group, Modal, NativeSelect, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { useSubscription } from '@trpc/tanstack-react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { useState } from 'react'
import * as v from 'valibot'
import type { AppRouter } from '../../../server/trpc/root.js'
import type { Resolution } from '../../../core/domain/media/resolutions.js'
import { ButtonLink } from '../../components/links'
import { AnchorLink } from '../../components/anchor-links'
import { useBreakpoint } from '../../lib/breakpoint'
import { countText, formatDateTime, formatDuration, formatRelativeTime } from '../../lib/format'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { AdminSection, Card, CardList } from '../../features/admin/CardList'
import { useI18n } from '../../lib/locale'
import { showError, showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { ColumnHeads } from '../../components/ColumnHeads'

type Board = inferRouterOutputs<AppRouter>['admin']['pipeline']['list']
type Item = Board['items'][number]
type Worker = Board['workers'][number]

const FILTERS = ['all', 'active', 'failed', 'ready'] as const

const searchSchema = v.object({
  filter: v.optional(v.fallback(v.picklist(FILTERS), 'all'), 'all'),
})

/**
 * /admin/pipeline: what is queued, processing, failed or ready, pushed by the server as it
 * changes (admin.pipeline.live, server-sent events), with the time left; retry of failed items,
 * cancel of queued and running ones; the workers and what each runs now.
 */
export const Route = createFileRoute('/admin/pipeline')({
  ssr: false,
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<v.InferOutput<typeof searchSchema>>({ filter: 'all' })] },
  component: PipelinePage,
})

const STATE_COLORS = { pending: 'gray', processing: 'blue', ready: 'green', failed: 'red' } as const

function PipelinePage() {
  const { LL, locale } = useI18n()
  const trpc = useTRPC()
  const { filter } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const wide = ['md', 'lg', 'xl'].includes(useBreakpoint())
  const live = useSubscription(trpc.admin.pipeline.live.subscriptionOptions({ filter, locale }))
  const data = live.data
  const t = LL.admin.pipeline
  const choose = (value: string | null) => void navigate({ search: { filter: (value ?? 'all') as (typeof FILTERS)[number] }, replace: true })
  const filters = FILTERS.map((value) => ({ value, label: t.filters[value]() }))
  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        {wide ? (
          <SegmentedControl aria-label={t.filterLabel()} value={filter} onChange={choose} data={filters} />
        ) : (
          <NativeSelect label={t.filterLabel()} value={filter} onChange={(event) => choose(event.currentTarget.value)} data={filters} size="md" />
        )}
        <Group gap="sm" wrap="wrap">
          {data && (
            <Text size="sm" role="status">
              {data.workers.length === 0 ? t.noWorker() : countText(t.workers, data.workers.length, locale)}
            </Text>
          )}
          <Badge color={live.status === 'pending' ? 'green' : 'gray'} variant="light" role="status">
            {live.status === 'pending' ? t.live() : t.reconnecting()}
          </Badge>
        </Group>
      </Group>
      {data && data.items.length === 0 && <Text>{t.empty()}</Text>}
      {data && data.items.length > 0 && wide && (
        <Table verticalSpacing="sm" aria-label={t.tableLabel()}>
          <ColumnHeads names={[t.item(), t.kind(), t.state(), t.progress(), t.updated(), t.actions()]} />
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={`${item.kind}-${item.id}`}>
                <Table.Td maw={420}>
                  <ItemName item={item} />
                  <PlayableNote item={item} />
                  <FailureReason item={item} />
                </Table.Td>
                <Table.Td>{t.kinds[item.kind]()}</Table.Td>
                <Table.Td>
                  <ItemState item={item} />
                </Table.Td>
                <Table.Td>
                  <ItemProgress item={item} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Updated item={item} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ItemActions item={item} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && data.items.length > 0 && !wide && (
        <CardList label={t.tableLabel()}>
          {data.items.map((item) => (
            <Card key={`${item.kind}-${item.id}`}>
              <Stack gap="xs">
                <Group justify="space-between" align="start" wrap="nowrap">
                  <ItemName item={item} />
                  <ItemState item={item} />
                </Group>
                <Text size="sm">
                  {t.kinds[item.kind]()} · <Updated item={item} />
                </Text>
                <ItemProgress item={item} />
                <PlayableNote item={item} />
                <FailureReason item={item} />
                <Group gap="xs">
                  <ItemActions item={item} />
                </Group>
              </Stack>
            </Card>
          ))}
        </CardList>
      )}
      {data && data.workers.length > 0 && <Workers workers={data.workers} items={data.items} />}
    </Stack>
  )
}

function ItemActions({ item }: { item: Item }) {
  return (
    <>
      <EditLink item={item} />
      {item.state === 'failed' && <RetryButton item={item} />}
      {(item.state === 'pending' || item.state === 'processing') && <CancelButton item={item} />}
    </>
  )
}

function ItemName({ item }: { item: Item }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600}>{item.title}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {item.sourceName} · #{item.id}
      </Text>
    </div>
  )
}

function ItemState({ item }: { item: Item }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.pipeline
  return (
    <Stack gap={4} align="flex-start" style={{ flexShrink: 0 }}>
      <Badge color={STATE_COLORS[item.state]} variant="light">
        {t.states[item.state]()}
      </Badge>
      {(item.state === 'ready' || item.partial) && (item.releasedAt || item.publishAt) && (
        <Text size="xs" c="dimmed">
          {item.releasedAt ? t.released() : t.scheduled({ date: formatDateTime(item.publishAt!, locale) })}
        </Text>
      )}
      {item.job && item.state !== 'ready' && item.job.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {t.attempts({ attempts: item.job.attempts, max: item.job.maxAttempts })}
        </Text>
      )}
    </Stack>
  )
}

/** A video playable at its first rungs while the others are made (or after making them failed). */
function PlayableNote({ item }: { item: Item }) {
  const { LL, locale } = useI18n()
  if (!item.partial) return null
  const t = LL.admin.pipeline
  const list = (resolutions: Resolution[]) =>
    new Intl.ListFormat(locale, { type: 'conjunction' }).format(resolutions.map((resolution) => LL.catalog.resolution[resolution]()))
  const { playable, coming } = item.partial
  return (
    <Text size="sm" mt={4}>
      {coming.length ? t.playableWhile({ playable: list(playable), coming: list(coming) }) : t.playableAfterFailure({ playable: list(playable) })}
    </Text>
  )
}

function ItemProgress({ item }: { item: Item }) {
  const { LL, locale } = useI18n()
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Progress
          value={Math.floor(item.progress * 100)}
          miw={110}
          style={{ flex: 1 }}
          aria-label={LL.admin.pipeline.progressLabel({ name: item.sourceName })}
          color={STATE_COLORS[item.state]}
        />
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' }).format(item.progress)}
        </Text>
      </Group>
      {item.timeLeftSeconds !== null && (
        <Text size="xs" c="dimmed">
          {LL.admin.pipeline.timeLeft({ time: formatDuration(item.timeLeftSeconds) })}
        </Text>
      )}
    </Stack>
  )
}

function Updated({ item }: { item: Item }) {
  const { locale } = useI18n()
  return (
    <time dateTime={item.updatedAt} title={formatDateTime(item.updatedAt, locale)}>
      {formatRelativeTime(item.updatedAt, locale)}
    </time>
  )
}

function FailureReason({ item }: { item: Item }) {
  const { LL } = useI18n()
  if (item.state !== 'failed' || !item.error) return null
  return (
    <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} c="red.4">
        {LL.admin.pipeline.failureReason()}:
      </Text>{' '}
      {item.error}
    </Text>
  )
}

function EditLink({ item }: { item: Item }) {
  const { LL } = useI18n()
  return (
    <ButtonLink
      to="/admin/content/$kind/$id"
      params={{ kind: item.kind, id: item.id }}
      size="sm"
      mih={44}
      variant="default"
      aria-label={LL.admin.content.editLabel({ name: item.sourceName })}
    >
      {LL.admin.content.edit()}
    </ButtonLink>
  )
}

/** The retry of a failed item (the ingest's own retry, audited on the server); the board shows the change when it is pushed. */
function RetryButton({ item }: { item: Item }) {
  const { LL } = useI18n()
  const t = LL.admin.pipeline
  const trpc = useTRPC()
  const retry = useMutation(
    trpc.admin.pipeline.retry.mutationOptions({
      onSuccess: ({ name }) => showSuccess(t.retried({ name })),
      // Expected refusals (already queued again by someone else, gone) in the reader's language.
      onError: (error) => error.data?.key && showError(error.message),
    }),
  )
  return (
    <Button
      size="sm"
      mih={44}
      variant="light"
      loading={retry.isPending}
      aria-label={t.retryLabel({ name: item.sourceName })}
      onClick={() => retry.mutate({ kind: item.kind, id: item.id })}
    >
      {t.retry()}
    </Button>
  )
}

/** Cancel of a queued or running item, after a question (the work done so far is lost). */
function CancelButton({ item }: { item: Item }) {
  const { LL } = useI18n()
  const t = LL.admin.pipeline
  const trpc = useTRPC()
  const [asking, setAsking] = useState(false)
  const cancel = useMutation(
    trpc.admin.pipeline.cancel.mutationOptions({
      onSuccess: ({ name }) => {
        setAsking(false)
        showSuccess(t.cancelled({ name }))
      },
      // It ended meanwhile (ready or failed): say so in the reader's language.
      onError: (error) => {
        setAsking(false)
        if (error.data?.key) showError(error.message)
      },
    }),
  )
  return (
    <>
      <Button size="sm" mih={44} variant="subtle" color="red" aria-label={t.cancelLabel({ name: item.sourceName })} onClick={() => setAsking(true)}>
        {t.cancel()}
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t.cancelTitle({ name: item.sourceName })}
        centered
        closeButtonProps={{ 'aria-label': LL.common.close() }}
      >
        <Stack gap="md">
          <Text size="sm">{t.cancelText()}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" mih={44} onClick={() => setAsking(false)}>
              {t.cancelKeep()}
            </Button>
            <Button color="red" mih={44} loading={cancel.isPending} onClick={() => cancel.mutate({ kind: item.kind, id: item.id })}>
              {t.cancelConfirm()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}

/** The live worker pools and what each runs now (a media job links to its item). */
function Workers({ workers, items }: { workers: Worker[]; items: Item[] }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.pipeline
  const titleOf = (ref: { kind: Item['kind']; id: number }) => items.find((i) => i.kind === ref.kind && i.id === ref.id)?.title ?? `#${ref.id}`
  return (
    <AdminSection id="pipeline-workers" title={t.workersTitle()}>
      <CardList label={t.workersLabel()}>
        {workers.map((worker) => (
          <Card key={worker.key}>
            <Stack gap={4}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {worker.name ? t.worker({ name: worker.name }) : t.workerUnnamed()}
              </Text>
              {worker.since && (
                <Text size="sm" c="dimmed">
                  {t.workerSince({ time: formatRelativeTime(worker.since, locale) })}
                </Text>
              )}
              {worker.jobs.length === 0 && <Text size="sm">{t.idle()}</Text>}
              {worker.jobs.map((job) => (
                <Text size="sm" key={job.id}>
                  {job.item ? (
                    <AnchorLink to="/admin/content/$kind/$id" params={{ kind: job.item.kind, id: job.item.id }} underline="always">
                      {titleOf(job.item)}
                    </AnchorLink>
                  ) : (
                    t.otherTask({ task: job.task })
                  )}
                  {` · ${t.runningFor({ time: formatDuration(job.runningSeconds) })}`}
                </Text>
              ))}
            </Stack>
          </Card>
        ))}
      </CardList>
    </AdminSection>
  )
}
