import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../core/domain/locale.js'
import { LegalPage } from '../../features/site/LegalPage'
import { loadLegalPage } from '../../features/site/legal-page-query'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/2257')({
  staticData: { ageGate: false },
  head: staticHead('recordKeeping'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadLegalPage(context, '2257', params.lang) : undefined),
  component: () => <LegalPage slug="2257" />,
})
