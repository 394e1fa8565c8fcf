import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { PublishAction, PublishingStatus } from '../../../../core/domain/catalog/publish.js'
import type { AdminContent } from '../../../lib/api-types'
import { formatDateTime } from '../../../lib/format'
import { showSubmitError, translateErrorKey } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { showSuccess } from '../../../lib/toasts'
import { useTRPC } from '../../../lib/trpc'
import { localInputToIso, toLocalInput } from '../editors/dates'

const STATUS_COLORS: Record<PublishingStatus, string> = { published: 'green', scheduled: 'blue', unpublished: 'gray', waitingForMedia: 'yellow' }

/**
 * The item's publishing: where it stands (published, scheduled, unpublished, waiting for its
 * media) and the three actions of admin.content.publish, each applied at once.
 */
export function PublishingPanel({ content, status }: { content: AdminContent; status: PublishingStatus }) {
  const { LL, locale } = useI18n()
  const t = LL.editors.content
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const publish = useMutation(trpc.admin.content.publish.mutationOptions())
  const [at, setAt] = useState(status === 'scheduled' ? toLocalInput(content.publishAt) : '')
  const [error, setError] = useState<string | undefined>()
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const since = content.releasedAt ?? content.publishAt
  const explanation = {
    published: since ? t.statusPublishedSince({ date: formatDateTime(since, locale) }) : t.statusPublished(),
    scheduled: t.statusScheduled({ date: formatDateTime(content.publishAt!, locale) }),
    unpublished: t.withdrawn(),
    waitingForMedia: t.statusWaiting({ state: LL.admin.pipeline.states[content.mediaStatus]() }),
  }[status]

  const run = async (action: PublishAction) => {
    const iso = action === 'schedule' ? localInputToIso(at) : null
    if (action === 'schedule' && (iso === null || iso === 'invalid' || Date.parse(iso) <= Date.now())) return setError(translateErrorKey('scheduleNeedsTime'))
    try {
      await publish.mutateAsync({ kind: content.kind, id: content.id, action, at: iso })
    } catch (failure) {
      showSubmitError({ setErrors: (errors) => setError(Object.values(errors)[0]) }, failure)
      return
    }
    setError(undefined)
    showSuccess({ now: t.published(), schedule: t.scheduled(), unpublish: t.unpublished() }[action])
    await queryClient.invalidateQueries({ queryKey: trpc.admin.content.pathKey() })
    await queryClient.invalidateQueries({ queryKey: trpc.admin.pipeline.pathKey() })
  }
  const pending = publish.isPending ? publish.variables?.action : undefined

  return (
    <Stack gap="sm">
      <Group gap="sm" role="status" aria-label={t.statusLabel()}>
        <Badge size="lg" variant="light" color={STATUS_COLORS[status]}>
          {t.statuses[status]()}
        </Badge>
        <Text size="sm">{explanation}</Text>
      </Group>
      <Group gap="sm">
        <Button mih={44} onClick={() => void run('now')} loading={pending === 'now'} disabled={status === 'published'}>
          {t.publishNow()}
        </Button>
        <Button
          mih={44}
          color="red"
          variant="light"
          onClick={() => void run('unpublish')}
          loading={pending === 'unpublish'}
          disabled={status === 'unpublished'}
        >
          {t.unpublish()}
        </Button>
      </Group>
      <Group gap="sm" align="end">
        <TextInput
          type="datetime-local"
          label={t.scheduleAt()}
          description={t.scheduleHint({ zone })}
          value={at}
          onChange={(event) => {
            setAt(event.currentTarget.value)
            setError(undefined)
          }}
          error={error}
          maw={320}
        />
        <Button mih={44} variant="default" onClick={() => void run('schedule')} loading={pending === 'schedule'}>
          {t.schedule()}
        </Button>
      </Group>
    </Stack>
  )
}
