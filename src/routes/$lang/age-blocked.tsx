import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'
import { isLocale } from '../../../core/domain/locale.js'
import { BlockedPage } from '../../features/age/BlockedPage'
import { loadNamespaces, translations } from '../../lib/locale'
import { headContext, pageHead } from '../../lib/seo'

/** /{lang}/age-blocked — shown at every address but the legal pages in a block place (status 451). */
export const Route = createFileRoute('/$lang/age-blocked')({
  staticData: { ageGate: false },
  /** `from`: the address it stands in for (src/router.tsx). */
  validateSearch: v.object({ from: optionalText(2048) }),
  beforeLoad: ({ params }) => (isLocale(params.lang) ? loadNamespaces(params.lang, ['age']) : undefined),
  head: ({ match }) => {
    const { env, locale } = headContext(match)
    return pageHead({ env, locale, path: 'age-blocked', title: translations(locale).age.blocked.title(), noindex: true })
  },
  component: BlockedPage,
})
