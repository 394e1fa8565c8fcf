import { createFileRoute } from '@tanstack/react-router'
import { ReportPage } from '../../features/site/ReportPage'
import { settingsOptions } from '../../features/site/settings'

export const Route = createFileRoute('/$lang/report')({
  staticData: { ageGate: false },
  /** ?url= carries the content path (or address) the report is about. */
  validateSearch: (search: Record<string, unknown>): { url?: string } =>
    typeof search.url === 'string' && search.url.length <= 2048 ? { url: search.url } : {},
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsOptions()),
  component: Page,
})

function Page() {
  const { url } = Route.useSearch()
  return <ReportPage key={url ?? ''} prefillUrl={url} />
}
