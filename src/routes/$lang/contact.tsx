import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../features/site/ContactPage'

export const Route = createFileRoute('/$lang/contact')({
  staticData: { ageGate: false },
  component: ContactPage,
})
