import { createFileRoute, redirect } from '@tanstack/react-router'
import { detectClientLocale } from '../lib/locale'

/** / goes to the detected language's home. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/$lang', params: { lang: detectClientLocale(context.env) }, replace: true })
  },
})
