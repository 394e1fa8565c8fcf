import { createFileRoute, notFound } from '@tanstack/react-router'
import { isLocale } from '../../../../core/domain/locale.js'
import { StatementRulePage } from '../../../features/age/StatementPages'
import { loadNamespaces, translations } from '../../../lib/locale'
import { headContext, notFoundHead, pageHead } from '../../../lib/seo'

/** /{lang}/age-assurance/{rule} — one place's statement: what you see, how to verify, what is kept, why. */
export const Route = createFileRoute('/$lang/age-assurance/$rule')({
  staticData: { ageGate: false },
  beforeLoad: ({ params }) => (isLocale(params.lang) ? loadNamespaces(params.lang, ['age']) : undefined),
  loader: async ({ context, params }) => {
    const { rules, local } = await context.queryClient.ensureQueryData(context.trpc.age.rules.queryOptions())
    const rule = [...rules, ...(local ? [local] : [])].find((candidate) => candidate.id === params.rule)
    if (!rule) throw notFound()
    // The label's code (country and region names) loads with this page only, not with every page.
    const { ruleLabel } = await import('../../../features/age/labels')
    const locale = isLocale(params.lang) ? params.lang : 'en'
    return { rule, place: ruleLabel(rule, locale, translations(locale)) }
  },
  head: ({ match, loaderData }) => {
    const { env, locale } = headContext(match)
    if (!loaderData) return notFoundHead(locale)
    const t = translations(locale)
    return pageHead({ env, locale, path: `age-assurance/${loaderData.rule.id}`, title: t.age.statement.ruleTitle({ place: loaderData.place }) })
  },
  component: RuleRoute,
})

function RuleRoute() {
  return <StatementRulePage rule={Route.useLoaderData().rule} />
}
