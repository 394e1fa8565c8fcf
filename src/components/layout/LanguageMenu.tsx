import { Button } from '@mantine/core'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { deferredMenu } from './DeferredMenu'

const DeferredLanguageMenu = deferredMenu(() => import('./menus/LanguageMenuDropdown'))

/** The header's language menu (its code loads when the visitor reaches for it); its name begins with the code it shows. */
export function LanguageMenu() {
  const { LL } = useI18n()
  const current = useCurrentLocale()
  return (
    <DeferredLanguageMenu
      button={
        <Button variant="default" size="sm" aria-label={`${current.toUpperCase()} (${LL.layout.language.label()}: ${LL.layout.language[current]()})`}>
          {current.toUpperCase()}
        </Button>
      }
    />
  )
}
