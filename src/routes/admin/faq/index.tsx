import { Badge } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { editorListPage, type EditorListResource } from '../../../features/admin/editors/EditorListPage'

const faqList: EditorListResource<'faq'> = {
  area: 'faq',
  nameOf: (q) => q.question,
  columns: (LL) => [
    { header: LL.editors.faq.question(), cell: (q) => q.question },
    { header: LL.editors.faq.group(), cell: (q) => LL.site.faq.groups[q.group]() },
    { header: LL.editors.common.order(), cell: (q) => q.sortOrder },
    {
      header: LL.editors.faq.translations(),
      cell: (q) =>
        q.missing.length ? (
          <Badge variant="light" color="yellow">
            {LL.editors.common.missingSummary({ languages: q.missing.map((l) => l.toUpperCase()).join(', ') })}
          </Badge>
        ) : (
          <Badge variant="light" color="green">
            {LL.editors.faq.allTranslated()}
          </Badge>
        ),
    },
  ],
}

/** /admin/faq: the FAQ's questions in their groups, missing translations flagged. */
export const Route = createFileRoute('/admin/faq/')({ ssr: false, component: editorListPage(faqList) })
