/**
 * What the routes of the mailed links need before their page's code (in every page's first
 * script, so nothing heavier here: link-problem.ts has the rest).
 */
import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'
import { loadNamespaces } from '../../lib/locale'
import { staticHead } from '../../lib/seo'

/** The mailed links' query (?token=), bounded like the server's token field. */
const emailLinkSearch = v.object({ token: optionalText(200) })

/** The mailed links open in any browser, signed in or not: only the `account` texts are needed. */
function emailLinkArea({ context }: { context: { locale: Parameters<typeof loadNamespaces>[0] } }): Promise<void> {
  return loadNamespaces(context.locale, ['account'])
}

/** A mailed link's route options besides its component: rendered in the browser, not indexed, `?token=` read. */
export const emailLinkRoute = {
  ssr: false,
  head: staticHead('account', { noindex: true }),
  validateSearch: emailLinkSearch,
  beforeLoad: emailLinkArea,
} as const
