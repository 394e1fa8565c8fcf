import { notFound } from '@tanstack/react-router'

/** A console detail page's numeric id in its path; anything else is the not-found page. */
export const idParams = {
  parse: ({ id }: { id: string }) => {
    if (!/^[1-9]\d{0,9}$/.test(id)) throw notFound()
    return { id: Number(id) }
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
}
