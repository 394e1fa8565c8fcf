import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { isLocale } from '../../../core/domain/locale.js'
import { VerifyAgePage } from '../../features/age/VerifyAgePage'
import { loadNamespaces, translations } from '../../lib/locale'
import { optionalText } from '../../lib/search-params'
import { headContext, pageHead } from '../../lib/seo'

/**
 * /{lang}/verify-age?returnTo=&result= — the verification page (also shown in place of every
 * catalog page of a front place: src/router.tsx, core/domain/age/gates.ts).
 */
export const Route = createFileRoute('/$lang/verify-age')({
  staticData: { ageGate: false },
  validateSearch: v.object({
    returnTo: optionalText(2048),
    result: v.fallback(v.optional(v.picklist(['refused', 'expired'])), undefined),
    /** Set when the page stands in for a gated catalog address (src/router.tsx). */
    gate: v.fallback(v.optional(v.literal(1)), undefined),
  }),
  beforeLoad: ({ params }) => (isLocale(params.lang) ? loadNamespaces(params.lang, ['age']) : undefined),
  head: ({ match }) => {
    const { env, locale } = headContext(match)
    return pageHead({ env, locale, path: 'verify-age', title: translations(locale).age.verify.title(), noindex: true })
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.age.rule.queryOptions()),
  component: VerifyAgeRoute,
})

function VerifyAgeRoute() {
  const { returnTo, result } = Route.useSearch()
  return <VerifyAgePage returnTo={returnTo} result={result} />
}
