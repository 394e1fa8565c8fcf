import { loadNamespaces } from '../../lib/locale'
import { staticHead } from '../../lib/seo'
import { protectedArea } from '../auth/gates'

/** The account area's gate: signed in and verified (protectedArea), with the `account` texts loaded. */
async function accountArea(args: Parameters<typeof protectedArea>[0]): ReturnType<typeof protectedArea> {
  const gate = await protectedArea(args)
  await loadNamespaces(args.context.locale, ['account'])
  return gate
}

/** An account page's route options besides its component: rendered in the browser, not indexed, behind accountArea. */
export const accountRoute = (page: Parameters<typeof staticHead>[0]) =>
  ({ ssr: false, head: staticHead(page, { noindex: true }), beforeLoad: accountArea }) as const
