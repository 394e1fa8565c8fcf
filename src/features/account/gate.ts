import { loadNamespaces } from '../../lib/locale'
import { protectedArea } from '../auth/gates'

/** The account area's gate: signed in and verified (protectedArea), with the `account` texts loaded. */
export async function accountArea(args: Parameters<typeof protectedArea>[0]): ReturnType<typeof protectedArea> {
  const gate = await protectedArea(args)
  await loadNamespaces(args.context.locale, ['account'])
  return gate
}
