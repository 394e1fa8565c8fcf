import { AppShell, Box, Burger, Group, NavLink, Stack, TextInput } from '@mantine/core'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useI18n, useCurrentLocale } from '../../lib/locale'
import { LanguageItems, LanguageMenu } from './LanguageMenu'
import { UserMenu } from './UserMenu'
import { ButtonLink, NavLinkLink, PlainLink } from '../links'

/**
 * From this breakpoint the sections sit in the header bar; below it they are in the drawer
 * behind the burger (the five sections in French or Spanish need about 560 px).
 */
export const NAV_BAR_FROM = 'lg'

/** The main sections, shared by the desktop bar and the mobile drawer. */
function useSections() {
  const { LL } = useI18n()
  return [
    { to: '/$lang/videos', label: LL.layout.nav.videos() },
    { to: '/$lang/images', label: LL.layout.nav.images() },
    { to: '/$lang/categories', label: LL.layout.nav.categories() },
    { to: '/$lang/models', label: LL.layout.nav.models() },
    { to: '/$lang/coming-soon', label: LL.layout.nav.comingSoon() },
  ] as const
}

export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const sections = useSections()
  const me = useQuery(trpc.auth.me.queryOptions())
  const showBecomeMember = !me.data || (!me.data.isMember && me.data.role !== 'admin')

  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom={NAV_BAR_FROM} size="sm" aria-label={LL.layout.nav.label()} />
          <PlainLink to="/$lang" params={{ lang }} fw={800} fz={{ base: 'lg', xs: 'xl' }} c="pink.5">
            {LL.layout.siteName()}
          </PlainLink>
          <Group component="nav" aria-label={LL.layout.nav.label()} gap={0} visibleFrom={NAV_BAR_FROM} wrap="nowrap">
            {sections.map((section) => (
              <ButtonLink key={section.to} to={section.to} params={{ lang }} variant="subtle" color="gray" size="sm" px="xs">
                {section.label}
              </ButtonLink>
            ))}
          </Group>
        </Group>
        {/* The search box gives way first, so the buttons beside it stay in view in every language. */}
        <Group className="header-actions" gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: '1 1 auto', minWidth: 0 }}>
          <HeaderSearch />
          {showBecomeMember && (
            <ButtonLink to="/account/select-plan" size="sm" visibleFrom="sm">
              {LL.layout.becomeMember()}
            </ButtonLink>
          )}
          {/* On phones the languages move into the navigation drawer, so the user menu stays in view. */}
          <Box visibleFrom="xs">
            <LanguageMenu />
          </Box>
          <UserMenu me={me.data ?? null} showBecomeMember={showBecomeMember} />
        </Group>
      </Group>
    </AppShell.Header>
  )
}

export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const sections = useSections()
  return (
    <AppShell.Navbar p="md" hiddenFrom={NAV_BAR_FROM}>
      <Stack component="nav" aria-label={LL.layout.nav.label()} gap={2}>
        {sections.map((section) => (
          <NavLinkLink key={section.to}  to={section.to} params={{ lang }} label={section.label} onClick={onNavigate} />
        ))}
        <Box hiddenFrom="xs">
          <NavLink label={LL.layout.language.label()} component="button">
            <LanguageItems as="nav" />
          </NavLink>
        </Box>
      </Stack>
    </AppShell.Navbar>
  )
}

/**
 * Enter opens the search page, or updates q when a search page is already open (keeping its
 * tab). Empty text does nothing.
 */
function HeaderSearch() {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const currentQ = useRouterState({ select: (s) => (/^\/[a-z]{2}\/search\//.test(s.location.pathname) ? String((s.location.search as { q?: unknown }).q ?? '') : null) })
  const [text, setText] = useState('')
  // On a search page the box shows what is being searched for.
  useEffect(() => {
    if (currentQ !== null) setText(currentQ)
  }, [currentQ])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = text.trim()
    if (!q) return
    const tab = pathname.match(/^\/[a-z]{2}\/search\/(videos|images|models)$/)?.[1] ?? 'videos'
    void navigate({ to: '/$lang/search/$tab', params: { lang, tab }, search: { q } })
  }

  return (
    <form role="search" onSubmit={submit} style={{ flex: '0 1 280px', minWidth: 110 }}>
      <TextInput
        label={LL.layout.search.label()}
        labelProps={{ className: 'visually-hidden' }}
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={LL.layout.search.placeholder()}
        size="sm"
      />
    </form>
  )
}

