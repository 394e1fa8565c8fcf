import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../../core/domain/locale.js'
import { StatementIndexPage } from '../../../features/age/StatementPages'
import { loadNamespaces, translations } from '../../../lib/locale'
import { headContext, pageHead } from '../../../lib/seo'

/** /{lang}/age-assurance — what applies where, and why. */
export const Route = createFileRoute('/$lang/age-assurance/')({
  staticData: { ageGate: false },
  beforeLoad: ({ params }) => (isLocale(params.lang) ? loadNamespaces(params.lang, ['age']) : undefined),
  head: ({ match }) => {
    const { env, locale } = headContext(match)
    return pageHead({ env, locale, path: 'age-assurance', title: translations(locale).age.statement.title() })
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.age.rules.queryOptions()),
  component: StatementIndexPage,
})
