import '@mantine/dropzone/styles.css'
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { Dropzone, type FileWithPath } from '@mantine/dropzone'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { formatBytes, uploadProblem } from '../../../server/domain/upload.js'
import { AnchorLink } from '../../components/links'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { uploadFile } from '../../features/admin/upload'
import { useI18n } from '../../lib/locale'
import { showError } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

/** /admin/upload: video sources by drag and drop, each streamed to the server and ingested. */
export const Route = createFileRoute('/admin/upload')({
  ssr: false,
  component: UploadPage,
})

type UploadState = 'waiting' | 'uploading' | 'queued' | 'duplicate' | 'failed'

interface Upload {
  key: number
  file: File
  state: UploadState
  progress: number
  message?: string
  id?: number
}

const STATE_COLORS: Record<UploadState, string> = { waiting: 'gray', uploading: 'blue', queued: 'green', duplicate: 'yellow', failed: 'red' }

let nextKey = 1

function UploadPage() {
  const { LL, locale } = useI18n()
  const t = LL.admin.upload
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data: settings } = useQuery(trpc.admin.upload.settings.queryOptions())
  const [uploads, setUploads] = useState<Upload[]>([])
  const running = useRef(false)

  const update = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)))

  /** The page's own check (the server repeats it), with the same translated texts. */
  const problemText = (file: File) => {
    if (!settings) return null
    const problem = uploadProblem(file.name, file.size, settings.maxBytes)
    if (problem === 'uploadType') return LL.errors.uploadType({ extensions: settings.extensions.join(' ') })
    if (problem === 'uploadTooLarge') return LL.errors.uploadTooLarge({ max: formatBytes(settings.maxBytes, locale) })
    return problem ? LL.errors[problem]() : null
  }

  const add = (files: FileWithPath[]) => {
    const accepted: Upload[] = []
    for (const file of files) {
      const problem = problemText(file)
      if (problem) showError(problem, t.rejected({ name: file.name }), 6000)
      else accepted.push({ key: nextKey++, file, state: 'waiting', progress: 0 })
    }
    setUploads((list) => [...accepted, ...list])
  }

  // One upload at a time, oldest first: the disk and the hashing take them in turn anyway.
  useEffect(() => {
    if (running.current) return
    const next = [...uploads].reverse().find((u) => u.state === 'waiting')
    if (!next) return
    running.current = true
    update(next.key, { state: 'uploading' })
    void uploadFile(next.file, (progress) => update(next.key, { progress }))
      .then(({ status, answer }) => {
        if (answer && 'status' in answer) {
          update(next.key, { state: answer.status, progress: 1, id: answer.id, message: answer.status === 'queued' ? t.queued({ id: answer.id }) : t.duplicate({ id: answer.id }) })
          void queryClient.invalidateQueries({ queryKey: trpc.admin.pipeline.list.pathKey() })
        } else {
          update(next.key, { state: 'failed', message: answer?.error ?? `${LL.errors.generic()} (${status})` })
        }
      })
      .catch(() => update(next.key, { state: 'failed', message: LL.errors.uploadIncomplete() }))
      .finally(() => {
        running.current = false
        setUploads((list) => [...list])
      })
  }, [uploads, LL, t, queryClient, trpc])

  // Leaving the page would break off the uploads: the browser asks first.
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'uploading')
  useEffect(() => {
    if (!busy) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [busy])

  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Dropzone
        onDrop={add}
        onReject={(rejections) => add(rejections.map((r) => r.file))}
        multiple
        loading={!settings}
        // The zone is what keyboard and screen reader users reach (react-dropzone's file input is hidden).
        role="button"
        aria-label={t.dropLabel()}
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
        </Stack>
      </Dropzone>
      {busy && <Text size="sm">{t.keepOpen()}</Text>}
      {uploads.length > 0 && (
        <Stack component="ul" aria-label={t.listLabel()} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {uploads.map((upload) => (
            <Paper component="li" key={upload.key} withBorder p="md" radius="md">
              <Stack gap="xs">
                <Group justify="space-between" align="start" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {upload.file.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatBytes(upload.file.size, locale)}
                    </Text>
                  </div>
                  <Badge color={STATE_COLORS[upload.state]} variant="light" style={{ flexShrink: 0 }}>
                    {t.states[upload.state]()}
                  </Badge>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={Math.floor(upload.progress * 100)} style={{ flex: 1 }} aria-label={t.progressLabel({ name: upload.file.name })} color={STATE_COLORS[upload.state]} />
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, roundingMode: 'floor' }).format(upload.progress)}
                  </Text>
                </Group>
                {upload.message && (
                  <Text size="sm" role={upload.state === 'failed' ? 'alert' : undefined}>
                    {upload.message}{' '}
                    {upload.state === 'queued' && <AnchorLink to="/admin/pipeline">{t.toPipeline()}</AnchorLink>}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
