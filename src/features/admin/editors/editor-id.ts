import { notFound } from '@tanstack/react-router'

/** An editor's path parameter: a row's id, or `new` for a row not created yet (null). */
export const parseEditorId = ({ id }: { id: string }) => {
  if (id !== 'new' && !/^[1-9]\d{0,9}$/.test(id)) throw notFound()
  return { id: id === 'new' ? null : Number(id) }
}
export const stringifyEditorId = ({ id }: { id: number | null }) => ({ id: id === null ? 'new' : String(id) })

/** The route options of an editor page at /admin/{area}/{id|new}. */
export const editorParams = { parse: parseEditorId, stringify: stringifyEditorId }

/** An editor page's route options besides its component: rendered in the browser only, its id parsed. */
export const editorRoute = { ssr: false, params: editorParams } as const
