import { ActionIcon, Menu } from '@mantine/core'
import { useLogout } from '../../features/auth/hooks'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { MenuItemLink } from '../links'
import { LanguageItems } from './LanguageMenu'

export interface MenuUser {
  email: string
  role: string
  isMember: boolean
}

function PersonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
    </svg>
  )
}

/**
 * The spec's user menu. Logged in: account, become member (not for members and admins, as
 * the header button), logout, watch later, favorites, language, FAQ, support.
 * Logged out: login and become member.
 */
export function UserMenu({ me, showBecomeMember }: { me: MenuUser | null; showBecomeMember: boolean }) {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const logout = useLogout()
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={LL.layout.userMenu.label()}>
          <PersonIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {me ? (
          <>
            <Menu.Label>{me.email}</Menu.Label>
            <MenuItemLink to="/account">{LL.layout.userMenu.account()}</MenuItemLink>
            {me.role === 'admin' && <MenuItemLink to="/admin">{LL.admin.title()}</MenuItemLink>}
            {showBecomeMember && <MenuItemLink to="/account/select-plan">{LL.layout.becomeMember()}</MenuItemLink>}
            <Menu.Item onClick={() => void logout()}>{LL.layout.userMenu.logout()}</Menu.Item>
            <MenuItemLink to="/watch-later">{LL.layout.userMenu.watchLater()}</MenuItemLink>
            <MenuItemLink to="/favorites">{LL.layout.userMenu.favorites()}</MenuItemLink>
            <Menu.Sub>
              <Menu.Sub.Target>
                <Menu.Sub.Item>{LL.layout.language.label()}</Menu.Sub.Item>
              </Menu.Sub.Target>
              <Menu.Sub.Dropdown>
                <LanguageItems />
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
      </Menu.Dropdown>
    </Menu>
  )
}
