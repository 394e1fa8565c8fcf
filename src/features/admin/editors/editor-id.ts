import { notFound } from '@tanstack/react-router'

/** An editor's path parameter: a row's id, or `new` for a row not created yet (null). */
const parseEditorId = ({ id }: { id: string }) => {
  if (id !== 'new' && !/^[1-9]\d{0,9}$/.test(id)) throw notFound()
  return { id: id === 'new' ? null : Number(id) }
}
const stringifyEditorId = ({ id }: { id: number | null }) => ({ id: id === null ? 'new' : String(id) })

/** An editor page's route options at /admin/{area}/{id|new} besides its component: rendered in the browser only, its id parsed. */
export const editorRoute = { ssr: false, params: { parse: parseEditorId, stringify: stringifyEditorId } } as const
