import { Group, Text } from '@mantine/core'
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
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 20rem' }}>
          {LL.age.banner.text()}
        </Text>
        <ButtonLink to="/$lang/verify-age" params={{ lang: locale }} search={{ returnTo: location.publicHref }} size="sm">
          {LL.age.banner.action()}
        </ButtonLink>
      </Group>
    </div>
  )
}
