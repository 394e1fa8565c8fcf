import '@mantine/dropzone/styles.css'
import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core'
import { Dropzone, type FileWithPath } from '@mantine/dropzone'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { useCallback, useEffect, useRef, useState } from 'react'
import { timeLeftSeconds } from '../../../core/domain/media/pipeline.js'
import { formatBytes, uploadProblem } from '../../../core/domain/media/upload.js'
import type { AppRouter } from '../../../server/trpc/root.js'
import { AnchorLink } from '../../components/anchor-links'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { AdminSection, Card, CardList } from '../../features/admin/CardList'
import { ResumableUpload } from '../../features/admin/upload'
import { useBreakpoint } from '../../lib/breakpoint'
import { formatDateTime, formatDuration, formatRelativeTime } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { showError, showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { ColumnHeads } from '../../components/ColumnHeads'

/**
 * /admin/upload: video sources by drag and drop, several at once, each sent resumably (tus) in
 * parts: pause and resume, and after a reload or a server restart the same file dropped again
 * goes on where it stopped. A file that arrived is ingested (admin.upload.ingest). Uploads the
 * server holds that were not ingested are listed below, to discard or ingest.
 */
export const Route = createFileRoute('/admin/upload')({
  ssr: false,
  component: UploadPage,
})

type UploadState = 'waiting' | 'uploading' | 'paused' | 'ingesting' | 'queued' | 'duplicate' | 'failed'
type Unfinished = inferRouterOutputs<AppRouter>['admin']['upload']['unfinished'][number]

interface Upload {
  key: number
  file: File
  state: UploadState
  sent: number
  /** Bytes and time when this page started (or resumed) sending, for the time left. */
  session: { bytes: number; at: number } | null
  /** The share the server already had when this page began: the upload went on from there. */
  resumedFrom: number | null
  /** An earlier upload of the file was found: the next progress tells how far it had come. */
  resuming: boolean
  message?: string
  id?: number
}

const STATE_COLORS: Record<UploadState, string> = {
  waiting: 'gray',
  uploading: 'blue',
  paused: 'yellow',
  ingesting: 'blue',
  queued: 'green',
  duplicate: 'yellow',
  failed: 'red',
}
/** Files sent at the same time (the rest wait their turn). */
const PARALLEL = 3

let nextKey = 1

function UploadPage() {
  const { LL, locale } = useI18n()
  const t = LL.admin.upload
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data: settings } = useQuery(trpc.admin.upload.settings.queryOptions())
  const unfinished = useQuery(trpc.admin.upload.unfinished.queryOptions(undefined, { staleTime: 0 }))
  const [uploads, setUploads] = useState<Upload[]>([])
  const openFiles = useRef<() => void>(null)
  // The tus clients, by upload key (not state: they are not rendered).
  const clients = useRef(new Map<number, ResumableUpload>())

  const update = useCallback((key: number, change: Partial<Upload> | ((u: Upload) => Partial<Upload>)) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...(typeof change === 'function' ? change(u) : change) } : u)))
  }, [])
  const refreshUnfinished = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.admin.upload.unfinished.queryKey() }), [queryClient, trpc])

  const ingest = useMutation(trpc.admin.upload.ingest.mutationOptions())

  /** The page's own check (the server repeats it), with the same translated texts. */
  const problemText = (file: File) => {
    if (!settings) return null
    const problem = uploadProblem(file.name, file.size, settings.maxBytes)
    if (problem === 'uploadType') return LL.errors.uploadType({ extensions: settings.extensions.join(' ') })
    if (problem === 'uploadTooLarge') return LL.errors.uploadTooLarge({ max: formatBytes(settings.maxBytes, locale) })
    return problem ? LL.errors[problem]() : null
  }

  const add = (files: FileWithPath[]) => {
    if (!settings) return
    const accepted: Upload[] = []
    for (const file of files) {
      const problem = problemText(file)
      if (problem) {
        showError(problem, t.rejected({ name: file.name }), 6000)
        continue
      }
      const upload: Upload = { key: nextKey++, file, state: 'waiting', sent: 0, session: null, resumedFrom: null, resuming: false }
      accepted.push(upload)
      clients.current.set(
        upload.key,
        new ResumableUpload(file, settings, {
          onProgress: (sent, total) =>
            update(upload.key, (u) => ({
              sent,
              // The first number after a (re)start is where the server was: the estimate counts from there.
              session: u.session ?? { bytes: sent, at: Date.now() },
              resumedFrom: u.resumedFrom ?? (u.resuming ? sent / total : null),
              resuming: false,
            })),
          onResume: () => update(upload.key, { resuming: true }),
          onComplete: (id) => {
            update(upload.key, { state: 'ingesting', sent: file.size, message: undefined })
            ingest.mutate(
              { id },
              {
                onSuccess: (answer) => {
                  void clients.current.get(upload.key)?.forget()
                  update(upload.key, {
                    state: answer.status,
                    id: answer.id,
                    message: answer.status === 'queued' ? t.queued({ id: answer.id }) : t.duplicate({ id: answer.id }),
                  })
                  refreshUnfinished()
                },
                onError: (error) => update(upload.key, { state: 'failed', message: error.message }),
              },
            )
          },
          onError: (message) => {
            update(upload.key, { state: 'failed', session: null, message: message ?? LL.errors.uploadIncomplete() })
            refreshUnfinished()
          },
        }),
      )
    }
    setUploads((list) => [...accepted, ...list])
  }

  // Up to PARALLEL files at a time, oldest first.
  useEffect(() => {
    const sending = uploads.filter((u) => u.state === 'uploading').length
    const next = uploads
      .filter((u) => u.state === 'waiting')
      .reverse()
      .slice(0, Math.max(0, PARALLEL - sending))
    for (const upload of next) {
      update(upload.key, { state: 'uploading' })
      void clients.current.get(upload.key)!.start().then(refreshUnfinished)
    }
  }, [uploads, update, refreshUnfinished])

  const pause = (upload: Upload) => {
    update(upload.key, { state: 'paused', session: null })
    void clients.current.get(upload.key)!.pause().then(refreshUnfinished)
  }
  const resume = (upload: Upload) => {
    update(upload.key, { state: 'uploading', message: undefined, session: null })
    clients.current.get(upload.key)!.resume()
  }
  const discard = useMutation(trpc.admin.upload.discard.mutationOptions())
  const remove = async (upload: Upload) => {
    const client = clients.current.get(upload.key)!
    await client.pause()
    // Not started yet: an earlier upload of the same file (on the server) stays resumable.
    if (client.id) {
      await discard.mutateAsync({ id: client.id }).catch(() => undefined)
      await client.forget()
    }
    clients.current.delete(upload.key)
    setUploads((list) => list.filter((u) => u.key !== upload.key))
    showSuccess(t.discarded({ name: upload.file.name }))
    refreshUnfinished()
  }

  // Leaving the page stops the uploads (they can go on later): the browser asks first.
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'uploading' || u.state === 'ingesting')
  useEffect(() => {
    if (!busy) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [busy])

  const onThisPage = new Set([...clients.current.values()].map((c) => c.id))
  const elsewhere = (unfinished.data ?? []).filter((u) => !onThisPage.has(u.id))

  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Dropzone
        onDrop={add}
        onReject={(rejections) => add(rejections.map((r) => r.file))}
        multiple
        loading={!settings}
        openRef={openFiles}
        // A drop area for the mouse; keyboard and screen reader users take the button inside it.
        activateOnClick={false}
        activateOnKeyboard={false}
        radius="md"
        p="xl"
      >
        <Stack align="center" gap={6} mih={120} justify="center" style={{ pointerEvents: 'none', textAlign: 'center' }}>
          <Text size="lg" fw={600}>
            {t.drop()}
          </Text>
          {settings && (
            <Text size="sm" c="dimmed">
              {t.limits({ extensions: settings.extensions.join(' '), max: formatBytes(settings.maxBytes, locale) })}
            </Text>
          )}
          <Button mt="xs" mih={44} variant="light" onClick={() => openFiles.current?.()} style={{ pointerEvents: 'all' }}>
            {t.dropLabel()}
          </Button>
        </Stack>
      </Dropzone>
      {busy && <Text size="sm">{t.keepOpen()}</Text>}
      {uploads.length > 0 && (
        <CardList label={t.listLabel()}>
          {uploads.map((upload) => (
            <UploadCard key={upload.key} upload={upload} onPause={() => pause(upload)} onResume={() => resume(upload)} onRemove={() => void remove(upload)} />
          ))}
        </CardList>
      )}
      {settings && elsewhere.length > 0 && <UnfinishedUploads uploads={elsewhere} expiryHours={settings.expiryHours} onChange={refreshUnfinished} />}
    </Stack>
  )
}

function UploadCard({ upload, onPause, onResume, onRemove }: { upload: Upload; onPause: () => void; onResume: () => void; onRemove: () => void }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.upload
  const name = upload.file.name
  const share = upload.file.size ? upload.sent / upload.file.size : 0
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' })
  const left =
    upload.state === 'uploading' && upload.session
      ? timeLeftSeconds((upload.sent - upload.session.bytes) / Math.max(1, upload.file.size - upload.session.bytes), (Date.now() - upload.session.at) / 1000)
      : null
  const canRemove = upload.state === 'uploading' || upload.state === 'paused' || upload.state === 'failed' || upload.state === 'waiting'
  return (
    <Card>
      <Stack gap="xs">
        <Group justify="space-between" align="start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {t.sent({ sent: formatBytes(upload.sent, locale), total: formatBytes(upload.file.size, locale) })}
              {left !== null && ` · ${t.timeLeft({ time: formatDuration(left) })}`}
            </Text>
          </div>
          <Badge color={STATE_COLORS[upload.state]} variant="light" style={{ flexShrink: 0 }}>
            {t.states[upload.state]()}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Progress value={Math.floor(share * 100)} style={{ flex: 1 }} aria-label={t.progressLabel({ name })} color={STATE_COLORS[upload.state]} />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {percent.format(share)}
          </Text>
        </Group>
        {upload.resumedFrom !== null && (
          <Text size="sm" c="dimmed">
            {t.resumed({ share: percent.format(upload.resumedFrom) })}
          </Text>
        )}
        {upload.message && (
          <Text size="sm" role={upload.state === 'failed' ? 'alert' : undefined}>
            {upload.message} {upload.state === 'queued' && <AnchorLink to="/admin/pipeline">{t.toPipeline()}</AnchorLink>}
          </Text>
        )}
        {(upload.state === 'uploading' || upload.state === 'paused' || upload.state === 'failed' || canRemove) && (
          <Group gap="xs">
            {upload.state === 'uploading' && (
              <Button size="sm" mih={44} variant="default" onClick={onPause} aria-label={t.pauseLabel({ name })}>
                {t.pause()}
              </Button>
            )}
            {(upload.state === 'paused' || upload.state === 'failed') && (
              <Button size="sm" mih={44} variant="light" onClick={onResume} aria-label={t.resumeLabel({ name })}>
                {t.resume()}
              </Button>
            )}
            {canRemove && (
              <Button size="sm" mih={44} variant="subtle" color="red" onClick={onRemove} aria-label={t.removeLabel({ name })}>
                {t.remove()}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  )
}

/** Uploads on the server that no page of this browser is sending: to drop again, ingest or discard. */
function UnfinishedUploads({ uploads, expiryHours, onChange }: { uploads: Unfinished[]; expiryHours: number; onChange: () => void }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.upload.unfinished
  const wide = ['md', 'lg', 'xl'].includes(useBreakpoint())
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' })
  const received = (u: Unfinished) =>
    u.offset >= u.size ? t.complete() : `${percent.format(u.offset / u.size)} (${formatBytes(u.offset, locale)} / ${formatBytes(u.size, locale)})`
  const when = (date: string) => (
    <time dateTime={date} title={formatDateTime(date, locale)}>
      {formatRelativeTime(date, locale)}
    </time>
  )
  return (
    <AdminSection id="unfinished-uploads" title={t.title()}>
      <Text size="sm" c="dimmed">
        {t.intro({ hours: expiryHours })}
      </Text>
      {wide ? (
        <Table verticalSpacing="sm" aria-label={t.title()}>
          <ColumnHeads names={[t.file(), t.received(), t.by(), t.lastActivity(), t.expires(), t.actions()]} />
          <Table.Tbody>
            {uploads.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td maw={320} style={{ overflowWrap: 'anywhere' }}>
                  {u.name}
                </Table.Td>
                <Table.Td>{received(u)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.uploadedBy?.email ?? '–'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(u.lastActivityAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(u.expiresAt)}</Table.Td>
                <Table.Td>
                  <UnfinishedActions upload={u} onChange={onChange} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <CardList label={t.title()}>
          {uploads.map((u) => (
            <Card key={u.id}>
              <Stack gap={4}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {u.name}
                </Text>
                <Text size="sm">
                  {t.received()}: {received(u)}
                </Text>
                <Text size="sm" c="dimmed">
                  {u.uploadedBy?.email ?? '–'} · {t.lastActivity()} {when(u.lastActivityAt)}
                </Text>
                <Group gap="xs" mt={4}>
                  <UnfinishedActions upload={u} onChange={onChange} />
                </Group>
              </Stack>
            </Card>
          ))}
        </CardList>
      )}
    </AdminSection>
  )
}

function UnfinishedActions({ upload, onChange }: { upload: Unfinished; onChange: () => void }) {
  const { LL } = useI18n()
  const t = LL.admin.upload
  const trpc = useTRPC()
  const done = { onSettled: onChange, onError: (error: { data?: { key?: string } | null; message: string }) => error.data?.key && showError(error.message) }
  const ingest = useMutation(
    trpc.admin.upload.ingest.mutationOptions({
      ...done,
      onSuccess: (answer) => showSuccess(answer.status === 'queued' ? t.queued({ id: answer.id }) : t.duplicate({ id: answer.id })),
    }),
  )
  const discard = useMutation(trpc.admin.upload.discard.mutationOptions({ ...done, onSuccess: ({ name }) => showSuccess(t.discarded({ name })) }))
  return (
    <Group gap="xs" wrap="nowrap">
      {upload.offset >= upload.size && (
        <Button
          size="sm"
          mih={44}
          variant="light"
          loading={ingest.isPending}
          onClick={() => ingest.mutate({ id: upload.id })}
          aria-label={t.unfinished.ingestLabel({ name: upload.name })}
        >
          {t.unfinished.ingest()}
        </Button>
      )}
      <Button
        size="sm"
        mih={44}
        variant="subtle"
        color="red"
        loading={discard.isPending}
        onClick={() => discard.mutate({ id: upload.id })}
        aria-label={t.removeLabel({ name: upload.name })}
      >
        {t.remove()}
      </Button>
    </Group>
  )
}
