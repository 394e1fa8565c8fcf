import { Menu } from '@mantine/core'
import { useLogout } from '../../../features/auth/hooks'
import { useCurrentLocale, useI18n } from '../../../lib/locale'
import type { LoadedMenuProps } from '../DeferredMenu'
import type { UserMenuProps } from './user-menu-props'
import { LanguageMenuItems } from './LanguageMenuDropdown'
import { LoadedMenu } from './LoadedMenu'
import { MenuItemLink } from './menu-links'

/**
 * The spec's user menu. Logged in: account, become member (not for members and admins, as
 * the header button), logout, watch later, favorites, language, FAQ, support.
 * Logged out: login and become member.
 */
export default function UserMenuDropdown({ me, showBecomeMember, ...loaded }: UserMenuProps & LoadedMenuProps) {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const logout = useLogout()
  return (
    <LoadedMenu {...loaded} position="bottom-end" withinPortal>
      {me ? (
        <>
          <Menu.Label>{me.email}</Menu.Label>
          <MenuItemLink to="/account">{LL.layout.userMenu.account()}</MenuItemLink>
          {me.role === 'admin' && <MenuItemLink to="/admin">{LL.layout.userMenu.console()}</MenuItemLink>}
          {showBecomeMember && <MenuItemLink to="/account/select-plan">{LL.layout.becomeMember()}</MenuItemLink>}
          <Menu.Item onClick={() => void logout()}>{LL.layout.userMenu.logout()}</Menu.Item>
          <MenuItemLink to="/watch-later">{LL.layout.userMenu.watchLater()}</MenuItemLink>
          <MenuItemLink to="/favorites">{LL.layout.userMenu.favorites()}</MenuItemLink>
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item>{LL.layout.language.label()}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <LanguageMenuItems />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <MenuItemLink to="/$lang/faq" params={{ lang }}>
            {LL.layout.userMenu.faq()}
          </MenuItemLink>
          <MenuItemLink to="/$lang/contact" params={{ lang }}>
            {LL.layout.userMenu.support()}
          </MenuItemLink>
        </>
      ) : (
        <>
          <MenuItemLink to="/login">{LL.layout.userMenu.login()}</MenuItemLink>
          <MenuItemLink to="/account/select-plan">{LL.layout.becomeMember()}</MenuItemLink>
        </>
      )}
    </LoadedMenu>
  )
}
