import { Checkbox, Paper, SimpleGrid, Stack } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { categorySchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { editorRoute } from '../../../features/admin/editors/editor-id'
import { editorPage, OrderField } from '../../../features/admin/editors/EditorPage'
import { noText } from '../../../features/admin/editors/LocaleFields'
import { PictureField, pictureOf } from '../../../features/admin/editors/PictureField'
import type { EditorResource } from '../../../features/admin/editors/resource'
import { useI18n } from '../../../lib/locale'

const categories: EditorResource<'categories'> = {
  area: 'categories',
  schema: categorySchema,
  values: (category) =>
    category
      ? {
          id: category.id,
          title: category.title,
          description: category.description,
          featured: category.featured,
          sortOrder: category.sortOrder,
          logo: null,
          preview: null,
        }
      : { id: null, title: noText(), description: noText(), featured: false, sortOrder: 0, logo: null, preview: null },
  title: (LL, category) =>
    category ? LL.editors.categories.editTitle({ name: category.title.de || category.title.en || `#${category.id}` }) : LL.editors.categories.newTitle(),
  texts: (LL) => ({
    fields: [
      { path: 'title', label: LL.editors.categories.titleLabel(), maxLength: 120 },
      { path: 'description', label: LL.editors.categories.description(), kind: 'multiline', maxLength: 2000 },
    ],
  }),
  Fields: ({ form, row: category }) => {
    const { LL } = useI18n()
    const t = LL.editors.categories
    return (
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <PictureField use="categoryLogo" label={t.logo()} currentUrl={category?.logoUrl ?? null} {...pictureOf(form, 'logo')} />
          <PictureField use="categoryPreview" label={t.preview()} currentUrl={category?.previewUrl ?? null} {...pictureOf(form, 'preview')} />
          <Stack gap="sm">
            <Checkbox label={t.featured()} {...form.getInputProps('featured', { type: 'checkbox' })} />
            <OrderField {...form.getInputProps('sortOrder')} />
          </Stack>
        </SimpleGrid>
      </Paper>
    )
  },
}

/** /admin/categories/{id|new}: names, descriptions, logo, preview, featured and order of a category. */
export const Route = createFileRoute('/admin/categories/$id')({ ...editorRoute, component: editorPage(categories) })
