import { useCurrentLocale, useI18n } from '../../lib/locale'
import { PLAIN_BUTTON_LABEL, plainButton } from '../plain-button'
import { deferredMenu } from './DeferredMenu'

const DeferredLanguageMenu = deferredMenu(() => import('./menus/LanguageMenuDropdown'))

/** The header's language menu (its code loads when the visitor reaches for it); its name begins with the code it shows. */
export function LanguageMenu() {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  return (
    <DeferredLanguageMenu
      button={
        <button
          type="button"
          className={plainButton('default')}
          aria-label={`${current.toUpperCase()} (${LL.layout.language.label()}: ${LL.layout.language[current]()})`}
        >
          <span className={PLAIN_BUTTON_LABEL}>{current.toUpperCase()}</span>
        </button>
      }
    />
  )
}
