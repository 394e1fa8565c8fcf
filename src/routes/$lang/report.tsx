import { createFileRoute } from '@tanstack/react-router'
import { ReportPage } from '../../features/site/ReportPage'
import { settingsOptions } from '../../features/site/settings'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/report')({
  staticData: { ageGate: false },
  head: staticHead('report'),
  /** ?url= carries the content path (or address) the report is about. */
  validateSearch: (search: Record<string, unknown>): { url?: string } =>
    typeof search.url === 'string' && search.url.length <= 2048 ? { url: search.url } : {},
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsOptions(context.trpc)),
  component: Page,
})

function Page() {
  const { url } = Route.useSearch()
  return <ReportPage key={url ?? ''} prefillUrl={url} />
}
