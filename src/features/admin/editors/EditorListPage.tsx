import { Group, Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Locale } from '../../../../core/domain/locale.js'
import type { TranslationFunctions } from '../../../../i18n/i18n-types.js'
import { ButtonLink } from '../../../components/links'
import type { EditorArea, EditorListRow } from '../../../lib/api-types'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'
import { AdminTitle } from '../AdminTitle'
import { EditorList, type Column } from './EditorList'

/** The edit pages of the editors (`new` for a new row). */
type EditRoute = `/admin/${EditorArea}/$id`

type ListQuery<A extends EditorArea> = { queryOptions: (input: unknown, options: object) => UseQueryOptions<Array<EditorListRow<A>>> }

/** What makes one editor's list page: its area, its columns and each row's name. */
export interface EditorListResource<A extends EditorArea> {
  area: A
  columns: (LL: TranslationFunctions, locale: Locale) => Column<EditorListRow<A>>[]
  /** The row's name in its edit link ("Edit Lena"). */
  nameOf: (row: EditorListRow<A>) => string
}

/** The component of the route /admin/{area}: the list page of `resource`. */
export const editorListPage = <A extends EditorArea>(resource: EditorListResource<A>) =>
  function EditorListRoute() {
    return <EditorListPage {...resource} />
  }

/**
 * /admin/{area}: an editor's list page. Title, intro, the button to a new row, optional
 * filters, then the rows (a table on wide screens, cards on phones), each with its edit link.
 * The rows are the area's `list` for the console's language, or for `input` where given.
 * The texts are the area's namespace's (LL.editors[area]).
 */
export function EditorListPage<A extends EditorArea>({
  area,
  columns,
  nameOf,
  input,
  filters,
}: EditorListResource<A> & { input?: object; filters?: ReactNode }) {
  const { LL, locale } = useI18n()
  const list = (useTRPC().admin[area] as unknown as { list: ListQuery<A> }).list
  const { data: rows } = useQuery(list.queryOptions(input ?? { locale }, { staleTime: 0, placeholderData: keepPreviousData }))
  const t = LL.editors[area]
  const editTo = `/admin/${area}/$id` as EditRoute
  return (
    <Stack gap="md">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro()}</Text>
      <Group justify="space-between" align="end">
        {filters}
        <ButtonLink to={editTo} params={{ id: null }} mih={44}>
          {t.newTitle()}
        </ButtonLink>
      </Group>
      {rows && (
        <EditorList
          label={t.tableLabel()}
          rows={rows}
          columns={columns(LL, locale)}
          actions={(row) => (
            <ButtonLink
              to={editTo}
              params={{ id: (row as { id: number }).id }}
              size="sm"
              mih={44}
              variant="default"
              aria-label={LL.editors.common.editLabel({ name: nameOf(row) })}
            >
              {LL.editors.common.edit()}
            </ButtonLink>
          )}
        />
      )}
    </Stack>
  )
}
