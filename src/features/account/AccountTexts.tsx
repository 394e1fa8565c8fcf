import type { ComponentType, ReactNode } from 'react'
import { I18nProvider, useI18n } from '../../lib/locale'

/** The site's dictionary was made before the account area loaded its namespace: made again here. */
function AccountTexts({ children }: { children: ReactNode }) {
  const { locale } = useI18n()
  return <I18nProvider locale={locale}>{children}</I18nProvider>
}

/** An account route's component: `Page` with the account area's texts. */
export const accountPage = (Page: ComponentType) =>
  function AccountPage() {
    return (
      <AccountTexts>
        <Page />
      </AccountTexts>
    )
  }
