import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '../../features/site/FaqPage'

export const Route = createFileRoute('/$lang/faq')({
  staticData: { ageGate: false },
  component: FaqPage,
})
