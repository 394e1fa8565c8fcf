import { Checkbox, NumberInput, Paper, SimpleGrid, Stack } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { categorySchema, type CategoryInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorActions } from '../../../features/admin/editors/EditorActions'
import { editorParams } from '../../../features/admin/editors/editor-id'
import { LocaleFields } from '../../../features/admin/editors/LocaleFields'
import { PictureField } from '../../../features/admin/editors/PictureField'
import { useEditorSave } from '../../../features/admin/editors/save'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

const noText = Object.fromEntries(LOCALES.map((l) => [l, ''])) as CategoryInput['title']

/** /admin/categories/{id|new}: names, descriptions, logo, preview, featured and order of a category. */
export const Route = createFileRoute('/admin/categories/$id')({
  ssr: false,
  params: editorParams,
  component: CategoryEditPage,
})

function CategoryEditPage() {
  const { id } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.categories.get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <CategoryForm key={id ?? 'new'} category={data ?? null} />
}

type Loaded = Omit<CategoryInput, 'logo' | 'preview' | 'id'> & { id: number; logoUrl: string | null; previewUrl: string | null }

function CategoryForm({ category }: { category: Loaded | null }) {
  const { LL } = useI18n()
  const t = LL.editors.categories
  const form = useSchemaForm<CategoryInput>(categorySchema, {
    ...validateOnSubmit,
    initialValues: category
      ? { id: category.id, title: category.title, description: category.description, featured: category.featured, sortOrder: category.sortOrder, logo: null, preview: null }
      : { id: null, title: noText, description: noText, featured: false, sortOrder: 0, logo: null, preview: null },
  })
  const save = useMutation(useTRPC().admin.categories.save.mutationOptions())
  const finish = useEditorSave('/admin/categories')
  const title = category ? t.editTitle({ name: category.title.de || category.title.en || `#${category.id}` }) : t.newTitle()
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <PictureField use="categoryLogo" label={t.logo()} currentUrl={category?.logoUrl ?? null} error={form.errors.logo as string | undefined} onChange={(key) => form.setFieldValue('logo', key)} />
              <PictureField use="categoryPreview" label={t.preview()} currentUrl={category?.previewUrl ?? null} error={form.errors.preview as string | undefined} onChange={(key) => form.setFieldValue('preview', key)} />
              <Stack gap="sm">
                <Checkbox label={t.featured()} {...form.getInputProps('featured', { type: 'checkbox' })} />
                <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
              </Stack>
            </SimpleGrid>
          </Paper>
          <LocaleFields form={form} fields={[{ path: 'title', label: t.titleLabel(), maxLength: 120 }, { path: 'description', label: t.description(), kind: 'multiline', maxLength: 2000 }]} />
          <EditorActions saving={save.isPending} backTo="/admin/categories" />
        </Stack>
      </form>
    </Stack>
  )
}
