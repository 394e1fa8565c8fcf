import { notFound } from '@tanstack/react-router'

/** An editor's path parameter: a row's id, or `new` for a row not created yet (null). */
const parseEditorId = ({ id }: { id: string }) => {
  if (id !== 'new' && !/^[1-9]\d{0,9}$/.test(id)) throw notFound()
  return { id: id === 'new' ? null : Number(id) }
}
const stringifyEditorId = ({ id }: { id: number | null }) => ({ id: id === null ? 'new' : String(id) })

/** The route options of an editor page at /admin/{area}/{id|new}. */
export const editorParams = { parse: parseEditorId, stringify: stringifyEditorId }
