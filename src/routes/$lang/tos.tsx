import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../core/domain/locale.js'
import { LegalPage } from '../../features/site/LegalPage'
import { loadLegalPage } from '../../features/site/legal-page-query'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/tos')({
  staticData: { ageGate: false },
  head: staticHead('tos'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadLegalPage(context, 'tos', params.lang) : undefined),
  component: () => <LegalPage slug="tos" />,
})
