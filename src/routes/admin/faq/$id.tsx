import { Anchor, NativeSelect, Paper, SimpleGrid } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { faqSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { FAQ_GROUPS } from '../../../../core/domain/site/site.js'
import { editorRoute } from '../../../features/admin/editors/editor-id'
import { editorPage, OrderField } from '../../../features/admin/editors/EditorPage'
import { noText } from '../../../features/admin/editors/LocaleFields'
import type { EditorResource } from '../../../features/admin/editors/resource'
import { useI18n } from '../../../lib/locale'

const faq: EditorResource<'faq'> = {
  area: 'faq',
  schema: faqSchema,
  values: (entry) =>
    entry ?? { id: null, group: 'membership', sortOrder: 0, question: noText(), answer: Object.fromEntries(LOCALES.map((l) => [l, { ops: [] }])) as never },
  title: (LL, entry) => (entry ? LL.editors.faq.editTitle() : LL.editors.faq.newTitle()),
  removeName: (entry, locale) => entry.question[locale] || entry.question.de || entry.question.en,
  texts: (LL) => ({
    heading: LL.editors.faq.texts(),
    cols: { base: 1, lg: 2 },
    fields: [
      { path: 'question', label: LL.editors.faq.question(), maxLength: 300 },
      { path: 'answer', label: LL.editors.faq.answer(), kind: 'richText' },
    ],
  }),
  links: (LL, locale) => (
    <Anchor href={`/${locale}/faq`} target="_blank">
      {LL.editors.faq.openPublic()}
    </Anchor>
  ),
  Fields: ({ form }) => {
    const { LL } = useI18n()
    return (
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
          <NativeSelect
            label={LL.editors.faq.group()}
            data={FAQ_GROUPS.map((g) => ({ value: g, label: LL.site.faq.groups[g]() }))}
            {...form.getInputProps('group')}
          />
          <OrderField {...form.getInputProps('sortOrder')} />
        </SimpleGrid>
      </Paper>
    )
  },
}

/** /admin/faq/{id|new}: a question and its rich-text answer in the five languages, its group and order. */
export const Route = createFileRoute('/admin/faq/$id')({ ...editorRoute, component: editorPage(faq) })
