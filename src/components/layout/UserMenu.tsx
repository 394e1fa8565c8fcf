import { useI18n } from '../../lib/locale'
import { deferredMenu } from './DeferredMenu'
import { ICON_BUTTON } from './icon-button'
import type { UserMenuProps } from './menus/user-menu-props'

function PersonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
    </svg>
  )
}

const DeferredUserMenu = deferredMenu<UserMenuProps>(() => import('./menus/UserMenuDropdown'))

/** The spec's user menu (menus/UserMenuDropdown.tsx), its code loaded when the visitor reaches for it. */
export function UserMenu(props: UserMenuProps) {
  const { LL } = useI18n()
  return (
    <DeferredUserMenu
      {...props}
      button={
        <button type="button" className={ICON_BUTTON} aria-label={LL.layout.userMenu.label()}>
          <PersonIcon />
        </button>
      }
    />
  )
}
