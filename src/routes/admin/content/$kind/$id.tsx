import { Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { LOCALES, type Locale } from '../../../../../server/domain/locale.js'
import { DESCRIPTION_MAX, TITLE_MAX } from '../../../../../server/domain/schemas/admin.js'
import type { AppRouter } from '../../../../../server/trpc/root.js'
import { AnchorLink } from '../../../../components/links'
import { AdminTitle } from '../../../../features/admin/AdminTitle'
import { formatDateTime } from '../../../../lib/format'
import { focusFirstError, showSubmitError } from '../../../../lib/forms'
import { useI18n } from '../../../../lib/locale'
import { showSuccess } from '../../../../lib/toasts'
import { useTRPC, type Trpc } from '../../../../lib/trpc'

type Content = inferRouterOutputs<AppRouter>['admin']['content']['item']
type Kind = 'video' | 'imageSet'

const itemOptions = (trpc: Trpc, kind: Kind, id: number) => trpc.admin.content.item.queryOptions({ kind, id }, { staleTime: 0 })

/** /admin/content/{video|imageSet}/{id}: an item's texts in the five languages and its publishing. */
export const Route = createFileRoute('/admin/content/$kind/$id')({
  ssr: false,
  params: {
    parse: ({ kind, id }) => {
      if ((kind !== 'video' && kind !== 'imageSet') || !/^[1-9]\d{0,9}$/.test(id)) throw notFound()
      return { kind: kind as Kind, id: Number(id) }
    },
    stringify: ({ kind, id }) => ({ kind, id: String(id) }),
  },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(itemOptions(context.trpc, params.kind, params.id)),
  component: ContentPage,
})

/** "2026-12-24T18:00" in the browser's time zone, as a datetime-local field holds it. */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function ContentPage() {
  const { kind, id } = Route.useParams()
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(itemOptions(trpc, kind, id))
  // A fresh form per item and per saved state.
  return <ContentForm key={`${kind}-${id}`} content={data} />
}

function ContentForm({ content }: { content: Content }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.content
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      title: content.title,
      description: content.description,
      publishAtLocal: toLocalInput(content.publishAt),
      downloadable: content.downloadable,
    },
    clearInputErrorOnChange: true,
  })
  const save = useMutation(trpc.admin.content.update.mutationOptions())
  const name = content.title[locale] || content.title.de || content.title.en || content.sourceName || `#${content.id}`
  const missing = LOCALES.filter((l) => !form.values.title[l].trim() || !form.values.description[l].trim())
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const local = values.publishAtLocal ? new Date(values.publishAtLocal) : null
      await save.mutateAsync({
        kind: content.kind,
        id: content.id,
        title: values.title,
        description: values.description,
        publishAt: local && !Number.isNaN(local.getTime()) ? local.toISOString() : local ? 'invalid' : null,
        downloadable: values.downloadable,
      })
    } catch (error) {
      showSubmitError({ setErrors: (errors) => form.setErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'publishAt' ? 'publishAtLocal' : k, v]))) }, error)
      return
    }
    showSuccess(t.saved())
    await queryClient.invalidateQueries({ queryKey: trpc.admin.pipeline.pathKey() })
    await queryClient.invalidateQueries({ queryKey: trpc.admin.content.pathKey() })
  }, focusFirstError(form))

  const released = content.releasedAt ? t.released({ date: formatDateTime(content.releasedAt, locale) })
    : content.publishAt && content.playable ? t.scheduled({ date: formatDateTime(content.publishAt, locale) })
    : t.notReleased({ state: LL.admin.pipeline.states[content.mediaStatus]() })

  return (
    <Stack gap="md">
      <AdminTitle>{t.title({ name })}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Group gap="sm">
        <Badge variant="light" color={content.releasedAt ? 'green' : 'gray'}>
          {LL.admin.pipeline.kinds[content.kind]()} #{content.id}
        </Badge>
        <Text size="sm">{released}</Text>
      </Group>
      <form onSubmit={onSubmit} noValidate aria-label={t.title({ name })}>
        <Stack gap="lg">
          <Text size="sm" role="status">
            {missing.length ? t.missingSummary({ languages: missing.map((l) => LL.layout.language[l]()).join(', ') }) : t.complete()}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {LOCALES.map((l) => (
              <LanguageFields key={l} language={l} form={form} missing={missing.includes(l)} />
            ))}
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t.publishing()}
              </Title>
              <TextInput
                type="datetime-local"
                label={t.publishAt()}
                description={t.publishAtHint({ zone })}
                maw={360}
                {...form.getInputProps('publishAtLocal')}
              />
              <Checkbox label={t.downloadable()} {...form.getInputProps('downloadable', { type: 'checkbox' })} />
            </Stack>
          </Paper>
          <Group gap="md">
            <Button type="submit" loading={save.isPending} mih={44}>
              {t.save()}
            </Button>
            <AnchorLink to="/admin/pipeline">{t.back()}</AnchorLink>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

type ContentFormType = ReturnType<typeof useForm<{ title: Record<Locale, string>; description: Record<Locale, string>; publishAtLocal: string; downloadable: boolean }>>

function LanguageFields({ language, form, missing }: { language: Locale; form: ContentFormType; missing: boolean }) {
  const { LL } = useI18n()
  const t = LL.admin.content
  const name = LL.layout.language[language]()
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" lang={language} style={{ margin: 0, minWidth: 0 }}>
      <Group justify="space-between" component="legend" style={{ float: 'left', width: '100%', padding: 0 }} mb="xs">
        <Text fw={700}>{name}</Text>
        {missing && (
          <Badge color="yellow" variant="light">
            {t.missing()}
          </Badge>
        )}
      </Group>
      <Stack gap="sm" style={{ clear: 'both' }}>
        <TextInput label={t.titleLabel({ language: name })} maxLength={TITLE_MAX} {...form.getInputProps(`title.${language}`)} />
        <Textarea label={t.descriptionLabel({ language: name })} autosize minRows={3} maxRows={10} maxLength={DESCRIPTION_MAX} {...form.getInputProps(`description.${language}`)} />
      </Stack>
    </Paper>
  )
}
