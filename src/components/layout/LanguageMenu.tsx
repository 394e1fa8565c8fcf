import { Button, Menu } from '@mantine/core'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { LOCALES, isLocale, type Locale } from '../../../server/domain/locale.js'
import { activateLocale, storeLocale, useCurrentLocale, useI18n } from '../../lib/locale'
import { router } from '../../router'

/** Switches the language: on locale paths by changing the first segment, elsewhere in place. */
export function useChooseLocale(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate()
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

/** The languages as menu items; the current one is marked. */
export function LanguageItems({ Item = Menu.Item }: { Item?: typeof Menu.Item }) {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  const choose = useChooseLocale()
  return LOCALES.map((locale) => (
    <Item key={locale} onClick={() => void choose(locale)} aria-current={locale === current ? 'true' : undefined} lang={locale}>
      {LL.layout.language[locale]()}
    </Item>
  ))
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
