import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../features/site/ContactPage'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/contact')({
  staticData: { ageGate: false },
  head: staticHead('contact'),
  component: ContactPage,
})
