import { Badge, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { publishingStatus } from '../../../../../core/domain/catalog/publish.js'
import { contentUpdateSchema, DESCRIPTION_MAX, TITLE_MAX, type ContentUpdate } from '../../../../../core/domain/schemas/admin.js'
import { AnchorLink } from '../../../../components/anchor-links'
import { AdminTitle } from '../../../../features/admin/AdminTitle'
import { Block } from '../../../../features/admin/Block'
import { CardPreview } from '../../../../features/admin/content/CardPreview'
import { ModelPicker, type PickedModel } from '../../../../features/admin/content/ModelPicker'
import { PosterPicker } from '../../../../features/admin/content/PosterPicker'
import { PublishingPanel } from '../../../../features/admin/content/PublishingPanel'
import { LocaleFields } from '../../../../features/admin/editors/LocaleFields'
import type { AdminContent } from '../../../../lib/api-types'
import { focusFirstError, showSubmitError, useSchemaForm, validateOnSubmit } from '../../../../lib/forms'
import { useI18n } from '../../../../lib/locale'
import { useNow } from '../../../../lib/now'
import { showSuccess } from '../../../../lib/toasts'
import { useTRPC, type Trpc } from '../../../../lib/trpc'

type Kind = 'video' | 'imageSet'

const itemOptions = (trpc: Trpc, kind: Kind, id: number) => trpc.admin.content.item.queryOptions({ kind, id }, { staleTime: 0 })

/**
 * /admin/content/{video|imageSet}/{id}: an item's publishing (publish now, schedule, unpublish),
 * a preview of its public card, its poster (chosen from the stills), texts in the five
 * languages, category, models and downloadable.
 */
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

function ContentPage() {
  const { kind, id } = Route.useParams()
  const { data } = useSuspenseQuery(itemOptions(useTRPC(), kind, id))
  // A fresh form per item; the stored state (publishing, poster) follows the query.
  return <ContentForm key={`${kind}-${id}`} content={data} />
}

type FormValues = Omit<ContentUpdate, 'modelIds'> & { models: PickedModel[] }

function ContentForm({ content }: { content: AdminContent }) {
  const { LL, locale } = useI18n()
  const t = LL.admin.content
  const e = LL.editors.content
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const now = useNow()
  const form = useSchemaForm<FormValues>(contentUpdateSchema, {
    ...validateOnSubmit,
    initialValues: {
      kind: content.kind,
      id: content.id,
      title: content.title,
      description: content.description,
      tourTitle: content.tourTitle,
      tourDescription: content.tourDescription,
      publishAt: content.publishAt,
      downloadable: content.downloadable,
      categoryId: content.categoryId,
      models: content.models,
    },
  })
  const { data: categories } = useQuery(trpc.admin.categories.list.queryOptions({ locale }))
  const save = useMutation(trpc.admin.content.update.mutationOptions())
  const name = content.title[locale] || content.title.de || content.title.en || content.sourceName || `#${content.id}`
  const status = publishingStatus(
    { ...content, publishAt: content.publishAt ? new Date(content.publishAt) : null, releasedAt: content.releasedAt ? new Date(content.releasedAt) : null },
    now,
  )

  const onSubmit = form.onSubmit(async ({ models, ...values }) => {
    try {
      // The publish time belongs to the publishing actions: the stored one is kept.
      await save.mutateAsync({ ...values, publishAt: content.publishAt, modelIds: models.map((m) => m.id) })
    } catch (error) {
      showSubmitError(
        { setErrors: (errors) => form.setErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'modelIds' ? 'models' : k, v]))) },
        error,
      )
      return
    }
    showSuccess(t.saved())
    await queryClient.invalidateQueries({ queryKey: trpc.admin.pipeline.pathKey() })
    await queryClient.invalidateQueries({ queryKey: trpc.admin.content.pathKey() })
  }, focusFirstError(form))

  return (
    <Stack gap="md">
      <AdminTitle>{t.title({ name })}</AdminTitle>
      <Group gap="sm">
        <Badge variant="light" color="gray">
          {LL.admin.pipeline.kinds[content.kind]()} #{content.id}
        </Badge>
        <Text size="sm" c="dimmed">
          {LL.admin.pipeline.states[content.mediaStatus]()}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Block id="publishing" title={t.publishing()}>
          <PublishingPanel content={content} status={status} />
        </Block>
        <Block id="card-preview" title={e.card()}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {LL.tour.editor.siteCard()}
              </Text>
              <CardPreview content={content} title={form.values.title} models={form.values.models} status={status} />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {LL.tour.editor.tourCard()}
              </Text>
              <CardPreview content={content} title={form.values.tourTitle ?? content.tourTitle} models={form.values.models} status={status} tour />
            </Stack>
          </SimpleGrid>
        </Block>
      </SimpleGrid>
      {content.kind === 'video' && (
        <Block id="poster" title={e.poster()}>
          <PosterPicker videoId={content.id} stills={content.stills} posterStill={content.posterStill} />
        </Block>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t.title({ name })}>
        <Stack gap="lg">
          <section aria-labelledby="texts">
            <Title order={2} size="h3" id="texts" mb={4}>
              {e.texts()}
            </Title>
            <Text c="dimmed" size="sm" mb="sm">
              {t.intro()}
            </Text>
            <LocaleFields
              form={form}
              fields={[
                { path: 'title', label: e.titleLabel(), maxLength: TITLE_MAX },
                { path: 'description', label: e.descriptionLabel(), kind: 'multiline', maxLength: DESCRIPTION_MAX },
              ]}
            />
          </section>
          <section aria-labelledby="tour-texts">
            <Title order={2} size="h3" id="tour-texts" mb={4}>
              {LL.tour.editor.title()}
            </Title>
            <Text c="dimmed" size="sm" mb="sm">
              {LL.tour.editor.intro({
                fallback: content.kind === 'video' ? LL.tour.fallback.video({ id: content.id }) : LL.tour.fallback.imageSet({ id: content.id }),
              })}
            </Text>
            <LocaleFields
              form={form}
              fields={[
                { path: 'tourTitle', label: LL.tour.editor.titleLabel(), maxLength: TITLE_MAX },
                { path: 'tourDescription', label: LL.tour.editor.descriptionLabel(), kind: 'multiline', maxLength: DESCRIPTION_MAX },
              ]}
            />
          </section>
          <Block id="relations" title={e.relations()}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="md">
                <NativeSelect
                  label={e.category()}
                  data={[{ value: '', label: LL.editors.common.none() }, ...(categories ?? []).map((c) => ({ value: String(c.id), label: c.title }))]}
                  {...form.getInputProps('categoryId')}
                  value={form.values.categoryId === null || form.values.categoryId === undefined ? '' : String(form.values.categoryId)}
                  onChange={(event) => form.setFieldValue('categoryId', event.currentTarget.value ? Number(event.currentTarget.value) : null)}
                  maw={360}
                />
                <Checkbox label={t.downloadable()} {...form.getInputProps('downloadable', { type: 'checkbox' })} />
              </Stack>
              <ModelPicker
                value={form.values.models}
                onChange={(models) => form.setFieldValue('models', models)}
                error={form.errors.models as string | undefined}
              />
            </SimpleGrid>
          </Block>
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
