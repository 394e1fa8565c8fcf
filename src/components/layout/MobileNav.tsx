import { Box, Divider, NavLink, Stack, type NavLinkProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef } from 'react'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { NAV_BAR_FROM, useJoinOffer, useSections } from './navigation'
import { useLanguageChoices } from './language-choices'

type AnchorElementProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'color' | 'style' | 'children'>

/** Mantine's NavLink as a typed TanStack Router link (only the drawer uses it, loaded with the drawer). */
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & AnchorElementProps>((props, ref) => <NavLink component="a" ref={ref} {...props} />)
const NavLinkCreated = createLink(NavLinkBase)
const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => <NavLinkCreated preload="intent" {...props} />

/** The languages as nav links; the current one is marked. */
function LanguageNavItems() {
  return useLanguageChoices().map(({ locale, label, active, props }) => <NavLink key={locale} component="button" label={label} active={active} {...props} />)
}

/**
 * The drawer below the header (narrow screens, while the burger has it open): the sections, the
 * way in (sign in, sign up, become a member) and, on phones, the languages.
 */
export default function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const sections = useSections()
  const { me, showBecomeMember } = useJoinOffer()
  return (
    <Box className="site-nav" p="md" hiddenFrom={NAV_BAR_FROM}>
      <Stack component="nav" aria-label={LL.layout.nav.label()} gap={2}>
        {sections.map((section) => (
          <NavLinkLink key={section.to} to={section.to} params={{ lang }} label={section.label} onClick={onNavigate} />
        ))}
        {(!me || showBecomeMember) && <Divider my="xs" />}
        {!me && (
          <>
            <NavLinkLink to="/login" label={LL.layout.userMenu.login()} onClick={onNavigate} />
            <NavLinkLink to="/sign-up" label={LL.layout.userMenu.signUp()} onClick={onNavigate} />
          </>
        )}
        {showBecomeMember && <NavLinkLink to="/account/select-plan" label={LL.layout.becomeMember()} onClick={onNavigate} />}
        <Box hiddenFrom="xs">
          <NavLink label={LL.layout.language.label()} component="button">
            <LanguageNavItems />
          </NavLink>
        </Box>
      </Stack>
    </Box>
  )
}
