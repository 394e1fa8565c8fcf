import { Burger } from '@mantine/core'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useI18n, useCurrentLocale } from '../../lib/locale'
import { LanguageMenu } from './LanguageMenu'
import { NAV_BAR_FROM, useJoinOffer, useSections } from './navigation'
import { UserMenu } from './UserMenu'
import { ButtonLink } from '../links'
import s from './Header.module.css'
import { ICON_BUTTON } from './icon-button'

/**
 * Below this breakpoint (phones) the header shows a search icon that opens the search field
 * over the header, and a one-word join button instead of "become a member".
 */
const COMPACT_BELOW = 'sm'

/** The navigation drawer's code (MobileNav.tsx): loaded as the burger is reached for, shown when pressed. */
export const loadMobileNav = () => import('./MobileNav')

export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const sections = useSections()
  const { me, showBecomeMember } = useJoinOffer()

  return (
    <header className={`site-header ${s.header}`}>
      {/* Tight on phones: at 360 px the German header needs every pixel. */}
      <div className={s.bar}>
        <div className={s.start}>
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            onPointerEnter={() => void loadMobileNav()}
            onTouchStart={() => void loadMobileNav()}
            hiddenFrom={NAV_BAR_FROM}
            size="sm"
            aria-label={LL.layout.nav.label()}
          />
          <Link to="/$lang" params={{ lang }} className={`mantine-focus-auto ${s.logo}`}>
            {LL.layout.siteName()}
          </Link>
          <nav aria-label={LL.layout.nav.label()} className={`${s.nav} mantine-visible-from-${NAV_BAR_FROM}`}>
            {sections.map((section) => (
              <Link key={section.to} to={section.to} params={{ lang }} className={`mantine-focus-auto ${s.navLink}`}>
                <span>{section.label}</span>
              </Link>
            ))}
          </nav>
        </div>
        <div className={`header-actions ${s.actions}`}>
          <HeaderSearch />
          {showBecomeMember && (
            <>
              <ButtonLink to="/account/select-plan" size="sm" visibleFrom={COMPACT_BELOW}>
                {LL.layout.becomeMember()}
              </ButtonLink>
              <ButtonLink to="/account/select-plan" size="sm" px="xs" hiddenFrom={COMPACT_BELOW}>
                {LL.layout.join()}
              </ButtonLink>
            </>
          )}
          {/* On phones the languages move into the navigation drawer, so the user menu stays in view. */}
          <div className="mantine-visible-from-xs">
            <LanguageMenu />
          </div>
          <UserMenu me={me} showBecomeMember={showBecomeMember} />
        </div>
      </div>
    </header>
  )
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </svg>
  )
}

/**
 * Enter opens the search page, or updates q when a search page is already open (keeping its
 * tab). Empty text does nothing. Wide screens show the field in the bar; phones an icon that
 * lays the field over the whole header, so its placeholder reads in full (Escape or the close
 * button puts the header back).
 */
function HeaderSearch() {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const currentQ = useRouterState({
    select: (s) => (/^\/[a-z]{2}\/search\//.test(s.location.pathname) ? String((s.location.search as { q?: string | number }).q ?? '') : null),
  })
  const [text, setText] = useState('')
  const [opened, setOpened] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)
  // On a search page the box shows what is being searched for.
  useEffect(() => {
    if (currentQ !== null) setText(currentQ)
  }, [currentQ])

  const close = () => {
    setOpened(false)
    openButton.current?.focus()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = text.trim()
    if (!q) return
    const tab = pathname.match(/^\/[a-z]{2}\/search\/(videos|images|models)$/)?.[1] ?? 'videos'
    setOpened(false)
    void navigate({ to: '/$lang/search/$tab', params: { lang, tab }, search: { q } })
  }
  // A plain input drawn like Mantine's small one (styles.css): the header is part of every page's first load.
  const field = (compact: boolean) => (
    <label style={compact ? { flex: 1 } : undefined}>
      <span className="visually-hidden">{LL.layout.search.label()}</span>
      <input
        className="header-search-input"
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={compact ? (e) => e.key === 'Escape' && close() : undefined}
        placeholder={LL.layout.search.placeholder()}
        autoFocus={compact}
      />
    </label>
  )

  return (
    <>
      <form role="search" onSubmit={submit} className={`${s.search} mantine-visible-from-${COMPACT_BELOW}`}>
        {field(false)}
      </form>
      <button
        ref={openButton}
        type="button"
        className={`${ICON_BUTTON} mantine-hidden-from-${COMPACT_BELOW}`}
        aria-label={LL.layout.search.open()}
        aria-expanded={opened}
        onClick={() => setOpened(true)}
      >
        <SearchIcon />
      </button>
      {opened && (
        <form role="search" onSubmit={submit} className={`header-search-overlay mantine-hidden-from-${COMPACT_BELOW}`}>
          {field(true)}
          <button type="button" className={ICON_BUTTON} aria-label={LL.layout.search.close()} onClick={close}>
            ✕
          </button>
        </form>
      )}
    </>
  )
}
