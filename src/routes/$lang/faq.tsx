import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../server/domain/locale.js'
import { FaqPage, loadFaq } from '../../features/site/FaqPage'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/faq')({
  staticData: { ageGate: false },
  head: staticHead('faq'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadFaq(context, params.lang) : undefined),
  component: FaqPage,
})
