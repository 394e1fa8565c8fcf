import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../core/domain/locale.js'
import { LegalPage } from '../../features/site/LegalPage'
import { loadLegalPage } from '../../features/site/legal-page-query'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/imprint')({
  staticData: { ageGate: false },
  head: staticHead('imprint'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadLegalPage(context, 'imprint', params.lang) : undefined),
  component: () => <LegalPage slug="imprint" />,
})
