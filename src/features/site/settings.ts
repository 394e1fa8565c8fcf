import type { Trpc } from '../../lib/trpc'

/** Run-time settings (support address, site address, external links); they do not change. */
export const settingsOptions = (trpc: Trpc) => trpc.site.settings.queryOptions(undefined, { staleTime: Infinity })
