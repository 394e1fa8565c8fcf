import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../core/domain/locale.js'
import { FaqPage } from '../../features/site/FaqPage'
import { loadFaq } from '../../features/site/faq-query'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/faq')({
  staticData: { ageGate: false },
  head: staticHead('faq'),
  loader: ({ context, params }) => (isLocale(params.lang) ? loadFaq(context, params.lang) : undefined),
  component: FaqPage,
})
