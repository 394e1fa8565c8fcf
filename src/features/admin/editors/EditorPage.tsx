import { NumberInput, Stack, Title, type NumberInputProps } from '@mantine/core'
import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { EditorArea, EditorRow, EditorValues } from '../../../lib/api-types'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'
import { AdminTitle } from '../AdminTitle'
import { EditorActions } from './EditorActions'
import { LocaleFields } from './LocaleFields'
import type { EditorResource } from './resource'
import { useEditorSave } from './save'

/** The procedures of an editor's area, as this page uses them (every area has them; `remove` only where rows can go). */
interface AreaProcedures<A extends EditorArea> {
  get: { queryOptions: (input: { id: number }, options: { enabled: boolean; staleTime: number }) => UseQueryOptions<EditorRow<A>> }
  save: { mutationOptions: () => UseMutationOptions<unknown, Error, EditorValues<A>> }
  remove: { mutationOptions: () => UseMutationOptions<unknown, Error, { id: number }> }
}

/** Every editor's row has its id (the type of a row of any area does not say so to TypeScript). */
const idOf = (row: unknown) => (row as { id: number }).id

const useProcedures = <A extends EditorArea>(area: A) => useTRPC().admin[area] as unknown as AreaProcedures<A>

/** The component of the route /admin/{area}/$id (its options besides: `editorRoute`): the editor of `resource`. */
export const editorPage = <A extends EditorArea>(resource: EditorResource<A>) =>
  function EditorRoute() {
    // editorRoute's params.parse made the path's id a number, or null for `new`.
    const { id } = useParams({ strict: false }) as { id: number | null }
    return <EditorPage resource={resource} id={id} />
  }

/**
 * /admin/{area}/{id|new}: an editor's page. Loads the row (none for `new`), then the form: the
 * resource's fields and per-language texts, save (back to the list), delete where rows can go.
 */
function EditorPage<A extends EditorArea>({ resource, id }: { resource: EditorResource<A>; id: number | null }) {
  const { data } = useQuery(useProcedures(resource.area).get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <EditorForm key={id ?? 'new'} resource={resource} row={data ?? null} />
}

function EditorForm<A extends EditorArea>({ resource, row }: { resource: EditorResource<A>; row: EditorRow<A> | null }) {
  const { LL, locale } = useI18n()
  const procedures = useProcedures(resource.area)
  const form = useSchemaForm<EditorValues<A>>(resource.schema, { ...validateOnSubmit, initialValues: resource.values(row) })
  const save = useMutation(procedures.save.mutationOptions())
  const remove = useMutation(procedures.remove.mutationOptions())
  const list = `/admin/${resource.area}` as const
  const finish = useEditorSave(list)
  const title = resource.title(LL, row, locale)
  const texts = resource.texts(LL)
  const { Fields } = resource
  const textFields = <LocaleFields form={form} fields={texts.fields} {...(texts.cols ? { cols: texts.cols } : {})} />
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Fields form={form} row={row} />
          {texts.heading ? (
            <section aria-labelledby="editor-texts">
              <Title order={2} size="h3" id="editor-texts" mb="sm">
                {texts.heading}
              </Title>
              {textFields}
            </section>
          ) : (
            textFields
          )}
          <EditorActions
            saving={save.isPending}
            backTo={list}
            remove={
              row && resource.removeName
                ? {
                    name: resource.removeName(row, locale),
                    pending: remove.isPending,
                    run: () => void finish(form, () => remove.mutateAsync({ id: idOf(row) }), LL.editors.common.removed()),
                  }
                : null
            }
          >
            {resource.links?.(LL, locale)}
          </EditorActions>
        </Stack>
      </form>
    </Stack>
  )
}

/** A row's place in its list (0 to 10,000, lowest first), as every editor with an order asks for it. */
export function OrderField(props: NumberInputProps) {
  const { LL } = useI18n()
  return <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...props} />
}
