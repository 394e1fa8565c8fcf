import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { REPORT_STATES, type ReportState } from '../../../../../core/domain/site/reports.js'
import { NOTE_MAX } from '../../../../../core/domain/site/inbox.js'
import { reportStateSchema, type ReportStateChange } from '../../../../../core/domain/schemas/console-inbox.js'
import type { ReportIssue } from '../../../../../core/domain/site/site.js'
import { AnchorLink } from '../../../../components/anchor-links'
import { AdminTitle } from '../../../../features/admin/AdminTitle'
import { Block } from '../../../../features/admin/Block'
import { useConfirmedAction, useStayingSave } from '../../../../features/admin/inbox/confirmed-action'
import { Facts } from '../../../../features/admin/inbox/Facts'
import { idParams } from '../../../../features/admin/inbox/params'
import { ReportBadges } from '../../../../features/admin/inbox/ReportBadges'
import type { AdminReport } from '../../../../lib/api-types'
import { formatDate, formatDateTime } from '../../../../lib/format'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../../lib/forms'
import { useI18n } from '../../../../lib/locale'
import { useTRPC, type Trpc } from '../../../../lib/trpc'

const reportOptions = (trpc: Trpc, id: number) => trpc.admin.inbox.report.queryOptions({ id }, { staleTime: 0 })

/** /admin/inbox/reports/{id}: a removal report, what it names, its state and the unpublish of what it names. */
export const Route = createFileRoute('/admin/inbox/reports/$id')({
  ssr: false,
  params: idParams,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(reportOptions(context.trpc, params.id)),
  component: ReportPage,
})

function ReportPage() {
  const { id } = Route.useParams()
  const { data } = useSuspenseQuery(reportOptions(useTRPC(), id))
  const { LL, locale } = useI18n()
  const t = LL.inbox.report
  return (
    <Stack gap="md">
      <AnchorLink to="/admin/inbox/reports">{t.back()}</AnchorLink>
      <AdminTitle>{t.title({ id: data.id })}</AdminTitle>
      <Group gap="md">
        <ReportBadges report={data} />
        <Text size="sm">
          {LL.inbox.reports.due()}: <strong>{formatDate(data.dueDay, locale)}</strong> · {LL.inbox.common.received()}: {formatDateTime(data.receivedAt, locale)}
        </Text>
      </Group>
      <Block id="report-details" title={t.details()}>
        <Facts
          items={[
            { label: LL.inbox.reports.sender(), value: data.name },
            { label: t.email(), value: <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor> },
            { label: LL.inbox.reports.type(), value: LL.site.report.types[data.type]() },
            { label: t.depicted(), value: data.depicted ? LL.inbox.common.yes() : LL.inbox.common.no() },
            { label: t.issues(), value: data.issues.map((issue) => LL.site.report.issueOptions[issue as ReportIssue]()).join(', ') || LL.inbox.common.none() },
            { label: t.language(), value: data.locale.toUpperCase() },
            { label: t.description(), value: data.description },
            { label: t.signature(), value: data.signature },
          ]}
        />
      </Block>
      <Block id="report-named" title={t.named()}>
        <NamedItems items={data.items} />
      </Block>
      <Block id="report-unpublish" title={t.unpublishTitle()}>
        <Unpublish report={data} />
      </Block>
      <Block id="report-decision" title={t.decision()}>
        <DecisionForm key={`${data.state}-${data.stateChangedAt}`} report={data} />
      </Block>
    </Stack>
  )
}

function NamedItems({ items }: { items: AdminReport['items'] }) {
  const { LL } = useI18n()
  const t = LL.inbox.report
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.named()}>
      {items.map((item, index) => (
        <Stack component="li" key={`${index}-${item.url}`} gap={4}>
          <Anchor href={item.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {item.url}
          </Anchor>
          <Group gap="xs">
            {item.kind && (
              <Badge variant="outline" color="gray">
                {t.kinds[item.kind]()}
              </Badge>
            )}
            {!item.kind && (
              <Text size="sm" c="dimmed">
                {t.notOwn()}
              </Text>
            )}
            {item.kind && !item.found && (
              <Text size="sm" c="dimmed">
                {t.missing()}
              </Text>
            )}
            {item.found && item.title && (item.kind === 'video' || item.kind === 'imageSet') && (
              <AnchorLink to="/admin/content/$kind/$id" params={{ kind: item.kind, id: item.id! }} aria-label={t.openItem({ title: item.title })}>
                {item.title}
              </AnchorLink>
            )}
            {item.found && item.kind === 'model' && <Text size="sm">{item.title}</Text>}
            {item.status && (
              <Badge variant="light" color={item.status === 'unpublished' ? 'gray' : item.status === 'published' ? 'green' : 'yellow'}>
                {t.statuses[item.status]()}
              </Badge>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  )
}

function Unpublish({ report }: { report: AdminReport }) {
  const { LL } = useI18n()
  const t = LL.inbox.report
  const trpc = useTRPC()
  const unpublish = useMutation(trpc.admin.inbox.unpublishReported.mutationOptions())
  const run = useConfirmedAction(
    trpc.admin.inbox.pathKey(),
    () => unpublish.mutateAsync({ id: report.id, note: '' }),
    t.confirmUnpublish(),
    ({ unpublished }) => t.unpublished({ count: unpublished }),
  )
  return (
    <Stack gap="sm" align="start">
      <Text size="sm">{t.unpublishHint()}</Text>
      <Button color="red.9" mih={44} loading={unpublish.isPending} onClick={() => void run()}>
        {t.unpublish()}
      </Button>
    </Stack>
  )
}

function DecisionForm({ report }: { report: AdminReport }) {
  const { LL, locale } = useI18n()
  const t = LL.inbox.report
  const trpc = useTRPC()
  const save = useMutation(trpc.admin.inbox.setReportState.mutationOptions())
  const finish = useStayingSave(trpc.admin.inbox.pathKey())
  const form = useSchemaForm<ReportStateChange>(reportStateSchema, {
    ...validateOnSubmit,
    initialValues: { id: report.id, state: report.state as ReportState, note: report.note ?? '' },
  })
  const submit = (values: ReportStateChange) => finish(form, () => save.mutateAsync(values), t.saved())
  return (
    <form noValidate aria-labelledby="report-decision" onSubmit={form.onSubmit((values) => void submit(values), focusFirstError(form))}>
      <Stack gap="sm" maw={560}>
        <NativeSelect
          label={LL.inbox.reports.state()}
          data={REPORT_STATES.map((s) => ({ value: s, label: LL.inbox.reports.states[s]() }))}
          {...form.getInputProps('state')}
        />
        <Textarea label={t.note()} description={t.noteHint()} autosize minRows={2} maxLength={NOTE_MAX} {...form.getInputProps('note')} />
        {report.stateChangedAt && (
          <Text size="sm" c="dimmed">
            {t.lastChange({ at: formatDateTime(report.stateChangedAt, locale) })}
          </Text>
        )}
        <Group>
          <Button type="submit" mih={44} loading={save.isPending}>
            {t.save()}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
