import { Badge, Button, Group, NativeSelect, Paper, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import * as v from 'valibot'
import type { AppRouter } from '../../../server/trpc/root.js'
import type { Resolution } from '../../../server/domain/resolutions.js'
import { ButtonLink } from '../../components/links'
import { useBreakpoint } from '../../lib/breakpoint'
import { countText, formatDateTime, formatRelativeTime } from '../../lib/format'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { useI18n } from '../../lib/locale'
import { showError, showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

type Item = inferRouterOutputs<AppRouter>['admin']['pipeline']['list']['items'][number]

const FILTERS = ['all', 'active', 'failed', 'ready'] as const
/** How often the list is read again while the page is open. */
const REFRESH_MS = 3000

const searchSchema = v.object({
  filter: v.optional(v.fallback(v.picklist(FILTERS), 'all'), 'all'),
})

/** /admin/pipeline: what is queued, processing, failed or ready, refreshed live; retry of failed items. */
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
  const { data } = useQuery(
    trpc.admin.pipeline.list.queryOptions({ filter, locale }, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS, staleTime: 0 }),
  )
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
        {data && (
          <Text size="sm" role="status">
            {data.workers === 0 ? t.noWorker() : countText(t.workers, data.workers, locale)}
          </Text>
        )}
      </Group>
      {data && data.items.length === 0 && <Text>{t.empty()}</Text>}
      {data && data.items.length > 0 && wide && (
        <Table verticalSpacing="sm" aria-label={t.tableLabel()}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.item()}</Table.Th>
              <Table.Th scope="col">{t.kind()}</Table.Th>
              <Table.Th scope="col">{t.state()}</Table.Th>
              <Table.Th scope="col">{t.progress()}</Table.Th>
              <Table.Th scope="col">{t.updated()}</Table.Th>
              <Table.Th scope="col">{t.actions()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
                    <EditLink item={item} />
                    {item.state === 'failed' && <RetryButton item={item} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && data.items.length > 0 && !wide && (
        <Stack component="ul" aria-label={t.tableLabel()} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((item) => (
            <Paper component="li" key={`${item.kind}-${item.id}`} withBorder p="md" radius="md">
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
                  <EditLink item={item} />
                  {item.state === 'failed' && <RetryButton item={item} />}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
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
  const list = (resolutions: Resolution[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(resolutions.map((resolution) => LL.catalog.resolution[resolution]()))
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
    <Group gap="xs" wrap="nowrap">
      <Progress value={Math.floor(item.progress * 100)} miw={110} style={{ flex: 1 }} aria-label={LL.admin.pipeline.progressLabel({ name: item.sourceName })} color={STATE_COLORS[item.state]} />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' }).format(item.progress)}
      </Text>
    </Group>
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
    <ButtonLink to="/admin/content/$kind/$id" params={{ kind: item.kind, id: item.id }} size="sm" mih={44} variant="default" aria-label={LL.admin.content.editLabel({ name: item.sourceName })}>
      {LL.admin.content.edit()}
    </ButtonLink>
  )
}

/** The retry of a failed item (the ingest's own retry, audited on the server). */
function RetryButton({ item }: { item: Item }) {
  const { LL } = useI18n()
  const t = LL.admin.pipeline
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const retry = useMutation(
    trpc.admin.pipeline.retry.mutationOptions({
      onSuccess: async ({ name }) => {
        showSuccess(t.retried({ name }))
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pipeline.list.pathKey() })
      },
      // Expected refusals (already queued again by someone else, gone) in the reader's language.
      onError: (error) => error.data?.key && showError(error.message),
    }),
  )
  return (
    <Button size="sm" mih={44} variant="light" loading={retry.isPending} aria-label={t.retryLabel({ name: item.sourceName })} onClick={() => retry.mutate({ kind: item.kind, id: item.id })}>
      {t.retry()}
    </Button>
  )
}
