import { Anchor, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { isLocale, type Locale } from '../../../../../core/domain/locale.js'
import { legalPageSchema, type LegalPageInput } from '../../../../../core/domain/schemas/catalog-admin.js'
import { LEGAL_SLUGS, type LegalSlug } from '../../../../../core/domain/site/site.js'
import { AdminTitle } from '../../../../features/admin/AdminTitle'
import { EditorActions } from '../../../../features/admin/editors/EditorActions'
import { RichTextField } from '../../../../features/admin/editors/RichTextField'
import { useEditorSave } from '../../../../features/admin/editors/save'
import { formatDateTime } from '../../../../lib/format'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../../lib/forms'
import { useI18n } from '../../../../lib/locale'
import { useTRPC } from '../../../../lib/trpc'

/** /admin/legal/{slug}/{locale}: a legal page's title and rich text in one language. */
export const Route = createFileRoute('/admin/legal/$slug/$locale')({
  ssr: false,
  params: {
    parse: ({ slug, locale }) => {
      if (!(LEGAL_SLUGS as readonly string[]).includes(slug) || !isLocale(locale)) throw notFound()
      return { slug: slug as LegalSlug, locale: locale as Locale }
    },
    stringify: ({ slug, locale }) => ({ slug, locale }),
  },
  component: LegalEditPage,
})

function LegalEditPage() {
  const { slug, locale } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.legal.get.queryOptions({ slug, locale }, { staleTime: 0 }))
  if (!data) return null
  return <LegalForm key={`${slug}-${locale}`} page={data} />
}

function LegalForm({ page }: { page: LegalPageInput & { updatedAt: string | null } }) {
  const { LL, locale: uiLocale } = useI18n()
  const t = LL.editors.legal
  const form = useSchemaForm<LegalPageInput>(legalPageSchema, {
    ...validateOnSubmit,
    initialValues: { slug: page.slug, locale: page.locale, title: page.title, content: page.content },
  })
  const save = useMutation(useTRPC().admin.legal.save.mutationOptions())
  const finish = useEditorSave('/admin/legal')
  const title = t.editTitle({ page: t.pages[page.slug](), language: LL.layout.language[page.locale]() })
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <Text size="sm" c="dimmed">
        {page.updatedAt ? t.updated({ date: formatDateTime(page.updatedAt, uiLocale) }) : t.notWritten()}
      </Text>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="md">
          <TextInput label={t.titleLabel()} required maxLength={300} lang={page.locale} {...form.getInputProps('title')} />
          <RichTextField
            label={t.content()}
            lang={page.locale}
            value={form.values.content}
            onChange={(value) => form.setFieldValue('content', value)}
            error={form.errors.content as string | undefined}
          />
          <EditorActions saving={save.isPending} backTo="/admin/legal">
            <Anchor href={`/${page.locale}/${page.slug}`} target="_blank">
              {t.openPublic()}
            </Anchor>
          </EditorActions>
        </Stack>
      </form>
    </Stack>
  )
}
