import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { LOCALES, isLocale, type Locale } from '../../../core/domain/locale.js'
import { activateLocale, storeLocale, useCurrentLocale, useI18n } from '../../lib/locale'

/** Switches the language: on locale paths by changing the first segment, elsewhere in place. */
function useChooseLocale(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate()
  const router = useRouter()
  const location = useRouterState({ select: (s) => s.location })
  return async (locale: Locale) => {
    storeLocale(locale)
    const [, first, ...rest] = location.pathname.split('/')
    if (isLocale(first)) {
      await navigate({ href: `/${[locale, ...rest].join('/')}${location.searchStr}` })
    } else {
      await activateLocale(locale)
      await router.invalidate()
    }
  }
}

/** The languages, each with its click, name and whether it is the current one (for menu items and nav links). */
export function useLanguageChoices() {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  const choose = useChooseLocale()
  return LOCALES.map((locale) => ({
    locale,
    label: LL.layout.language[locale](),
    active: locale === current,
    props: { onClick: () => void choose(locale), 'aria-current': locale === current ? ('true' as const) : undefined, lang: locale },
  }))
}
