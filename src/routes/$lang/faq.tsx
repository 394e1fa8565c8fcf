import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '../../features/site/FaqPage'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/faq')({
  staticData: { ageGate: false },
  head: staticHead('faq'),
  component: FaqPage,
})
