import { notFound } from '@tanstack/react-router'
import { protectedArea } from '../auth/gates'

type GateArgs = Parameters<typeof protectedArea>[0]

/**
 * The console's beforeLoad: visitors go to sign-up (as for the account pages); signed-in users
 * who are not administrators see the not-found page (the console is not shown to them). The
 * server refuses every admin procedure to them all the same (adminProcedure).
 */
export async function adminArea(args: GateArgs) {
  const { me } = await protectedArea(args)
  if (me.role !== 'admin') throw notFound()
  return { me }
}
