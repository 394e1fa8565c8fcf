import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../features/site/ContactPage'
import { settingsOptions } from '../../features/site/settings'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/$lang/contact')({
  staticData: { ageGate: false },
  head: staticHead('contact'),
  // The support address and the billing link are part of the page the server draws.
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsOptions(context.trpc)),
  component: ContactPage,
})
