import { Menu } from '@mantine/core'
import { useI18n } from '../../../lib/locale'
import type { LoadedMenuProps } from '../DeferredMenu'
import { useLanguageChoices } from '../language-choices'
import { LoadedMenu } from './LoadedMenu'

/** The languages as menu items (the language menu, the user menu's submenu); the current one is marked. */
export function LanguageMenuItems() {
  return useLanguageChoices().map(({ locale, label, props }) => (
    <Menu.Item key={locale} {...props}>
      {label}
    </Menu.Item>
  ))
}

export default function LanguageMenuDropdown(loaded: LoadedMenuProps) {
  const { LL } = useI18n()
  return (
    <LoadedMenu {...loaded} position="bottom-end" withinPortal>
      <Menu.Label>{LL.layout.language.label()}</Menu.Label>
      <LanguageMenuItems />
    </LoadedMenu>
  )
}
