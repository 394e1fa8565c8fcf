import { trpc } from '../../lib/trpc'

/** Run-time settings (support address, site address, external links); they do not change. */
export const settingsOptions = () => trpc.site.settings.queryOptions(undefined, { staleTime: Infinity })
