import { Button, Menu, NavLink } from '@mantine/core'
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { LOCALES, isLocale, type Locale } from '../../../server/domain/locale.js'
import { activateLocale, storeLocale, useCurrentLocale, useI18n } from '../../lib/locale'

/** Switches the language: on locale paths by changing the first segment, elsewhere in place. */
export function useChooseLocale(): (locale: Locale) => Promise<void> {
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

/** The languages as menu items (header menus) or nav links (mobile drawer); the current one is marked. */
export function LanguageItems({ as = 'menu' }: { as?: 'menu' | 'nav' }) {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  const choose = useChooseLocale()
  return LOCALES.map((locale) => {
    const props = { onClick: () => void choose(locale), 'aria-current': locale === current ? ('true' as const) : undefined, lang: locale }
    const label = LL.layout.language[locale]()
    return as === 'nav' ? (
      <NavLink key={locale} component="button" label={label} active={locale === current} {...props} />
    ) : (
      <Menu.Item key={locale} {...props}>
        {label}
      </Menu.Item>
    )
  })
}

export function LanguageMenu() {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" aria-label={`${LL.layout.language.label()}: ${LL.layout.language[current]()}`}>
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{LL.layout.language.label()}</Menu.Label>
        <LanguageItems />
      </Menu.Dropdown>
    </Menu>
  )
}
