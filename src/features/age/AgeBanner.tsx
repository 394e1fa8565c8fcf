import { useRouterState } from '@tanstack/react-router'
import { VERIFY_SECTION } from '../../../core/domain/age/gates.js'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'
import { usePageEnvironment } from '../../lib/page-environment'

/**
 * Above every page of a `blur` place until the visitor is verified: why pictures and titles are
 * hidden, and the way to the verification page (coming back to this page afterwards).
 */
export function AgeBanner() {
  const env = usePageEnvironment()
  const { LL, locale } = useI18n()
  const location = useRouterState({ select: (state) => ({ pathname: state.location.pathname, publicHref: state.location.publicHref }) })
  if (env.age.outcome !== 'blur' || env.age.verified || location.pathname.split('/')[2] === VERIFY_SECTION) return null
  return (
    // A plain region, not Mantine's Alert: this is on every page of a blur place, in the first-load script.
    <div role="note" className="age-banner">
      <div className="age-banner__row">
        <p className="age-banner__text">{LL.age.banner.text()}</p>
        <ButtonLink to="/$lang/verify-age" params={{ lang: locale }} search={{ returnTo: location.publicHref }} size="sm">
          {LL.age.banner.action()}
        </ButtonLink>
      </div>
    </div>
  )
}
