import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../core/domain/locale.js'
import { LegalPage } from '../../features/site/LegalPage'
import { loadLegalPage } from '../../features/site/legal-page-query'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/privacy')({
  staticData: { ageGate: false },
  head: staticHead('privacy'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadLegalPage(context, 'privacy', params.lang) : undefined),
  component: () => <LegalPage slug="privacy" />,
})
