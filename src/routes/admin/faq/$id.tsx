import { Anchor, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { faqSchema, type FaqInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { FAQ_GROUPS } from '../../../../core/domain/site/site.js'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorActions } from '../../../features/admin/editors/EditorActions'
import { editorParams } from '../../../features/admin/editors/editor-id'
import { LocaleFields } from '../../../features/admin/editors/LocaleFields'
import { useEditorSave } from '../../../features/admin/editors/save'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/faq/{id|new}: a question and its rich-text answer in the five languages, its group and order. */
export const Route = createFileRoute('/admin/faq/$id')({
  ssr: false,
  params: editorParams,
  component: FaqEditPage,
})

function FaqEditPage() {
  const { id } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.faq.get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <FaqForm key={id ?? 'new'} entry={data ?? null} />
}

function FaqForm({ entry }: { entry: (Omit<FaqInput, 'id'> & { id: number }) | null }) {
  const { LL, locale } = useI18n()
  const t = LL.editors.faq
  const trpc = useTRPC()
  const form = useSchemaForm<FaqInput>(faqSchema, {
    ...validateOnSubmit,
    initialValues: entry ?? {
      id: null,
      group: 'membership',
      sortOrder: 0,
      question: Object.fromEntries(LOCALES.map((l) => [l, ''])) as FaqInput['question'],
      answer: Object.fromEntries(LOCALES.map((l) => [l, { ops: [] }])) as unknown as FaqInput['answer'],
    },
  })
  const save = useMutation(trpc.admin.faq.save.mutationOptions())
  const remove = useMutation(trpc.admin.faq.remove.mutationOptions())
  const finish = useEditorSave('/admin/faq')
  const name = entry ? entry.question[locale] || entry.question.de || entry.question.en : ''
  const title = entry ? t.editTitle() : t.newTitle()
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
              <NativeSelect label={t.group()} data={FAQ_GROUPS.map((g) => ({ value: g, label: LL.site.faq.groups[g]() }))} {...form.getInputProps('group')} />
              <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
            </SimpleGrid>
          </Paper>
          <section aria-labelledby="faq-texts">
            <Title order={2} size="h3" id="faq-texts" mb="sm">
              {t.texts()}
            </Title>
            <LocaleFields form={form} cols={{ base: 1, lg: 2 }} fields={[{ path: 'question', label: t.question(), maxLength: 300 }, { path: 'answer', label: t.answer(), kind: 'richText' }]} />
          </section>
          <EditorActions
            saving={save.isPending}
            backTo="/admin/faq"
            remove={entry && { name, pending: remove.isPending, run: () => void finish(form, () => remove.mutateAsync({ id: entry.id }), LL.editors.common.removed()) }}
          >
            <Anchor href={`/${locale}/faq`} target="_blank">
              {t.openPublic()}
            </Anchor>
          </EditorActions>
        </Stack>
      </form>
    </Stack>
  )
}
