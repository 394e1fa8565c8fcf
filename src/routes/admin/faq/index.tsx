import { Badge } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { EditorListPage } from '../../../features/admin/editors/EditorListPage'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /admin/faq: the FAQ's questions in their groups, missing translations flagged. */
export const Route = createFileRoute('/admin/faq/')({ ssr: false, component: FaqListPage })

function FaqListPage() {
  const { LL, locale } = useI18n()
  const t = LL.editors.faq
  const { data } = useQuery(useTRPC().admin.faq.list.queryOptions({ locale }, { staleTime: 0 }))
  return (
    <EditorListPage
      texts={{ title: t.title(), intro: t.intro(), newTitle: t.newTitle(), tableLabel: t.tableLabel() }}
      editTo="/admin/faq/$id"
      rows={data}
      nameOf={(q) => q.question}
      columns={[
        { header: t.question(), cell: (q) => q.question },
        { header: t.group(), cell: (q) => LL.site.faq.groups[q.group]() },
        { header: LL.editors.common.order(), cell: (q) => q.sortOrder },
        {
          header: t.translations(),
          cell: (q) =>
            q.missing.length ? (
              <Badge variant="light" color="yellow">{LL.editors.common.missingSummary({ languages: q.missing.map((l) => l.toUpperCase()).join(', ') })}</Badge>
            ) : (
              <Badge variant="light" color="green">{t.allTranslated()}</Badge>
            ),
        },
      ]}
    />
  )
}
