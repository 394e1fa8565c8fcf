import { Button } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { chosenPlanPath, joinPath } from '../../../core/domain/billing/billing.js'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { useMe } from '../auth/session'
import type { PlanCardData } from './PlanCard'

/** The caller's plan page data, for verified users (others have none to ask for). */
function useCurrentPlan() {
  const trpc = useTRPC()
  const { locale } = useI18n()
  const me = useMe()
  return useQuery({ ...trpc.plans.current.queryOptions({ locale }), enabled: me.data?.emailVerified === true })
}

/**
 * The join action of a plan card (spec: the join link built from the plan sid and the
 * locale). Visitors go to sign-up and unconfirmed users to verify-email first, each coming
 * back to the chosen plan; a user follows the join link to the payment provider; a member
 * switches plans (unless a change is pending). Admins and permanent access need no plan, so
 * they see no button (only the user role does).
 */
export function JoinButton({ plan, label, fullWidth = true }: { plan: PlanCardData; label?: string; fullWidth?: boolean }) {
  const { LL, locale } = useI18n()
  const me = useMe()
  const current = useCurrentPlan()
  const redirect = chosenPlanPath(plan.sid)
  const join = label ?? LL.billing.join()
  // The visible text starts the accessible name; the plan tells the cards' buttons apart.
  const named = (text: string) => ({ 'aria-label': `${text}: ${plan.name}` })

  if (me.isPending)
    return (
      <Button fullWidth={fullWidth} disabled>
        {join}
      </Button>
    )
  const user = me.data
  if (!user) {
    return (
      <ButtonLink to="/sign-up" search={{ redirect, locale }} fullWidth={fullWidth} {...named(join)}>
        {join}
      </ButtonLink>
    )
  }
  if (!user.emailVerified) {
    return (
      <ButtonLink to="/verify-email" search={{ redirect, locale }} fullWidth={fullWidth} {...named(join)}>
        {join}
      </ButtonLink>
    )
  }
  if (user.role !== 'user') return null
  if (current.isPending)
    return (
      <Button fullWidth={fullWidth} disabled>
        {join}
      </Button>
    )
  const mine = current.data?.plan ?? null
  if (mine?.sid === plan.sid) {
    return (
      <Button fullWidth={fullWidth} disabled>
        {LL.billing.yourPlan()}
      </Button>
    )
  }
  if (mine) {
    const canChange = current.data?.actions.changePlan === 'enabled'
    return canChange ? (
      <Button component="a" href={joinPath(plan.sid, locale)} fullWidth={fullWidth} variant="light" {...named(LL.billing.switchTo())}>
        {LL.billing.switchTo()}
      </Button>
    ) : (
      <Button fullWidth={fullWidth} disabled {...named(LL.billing.switchTo())}>
        {LL.billing.switchTo()}
      </Button>
    )
  }
  return (
    <Button component="a" href={joinPath(plan.sid, locale)} fullWidth={fullWidth} {...named(join)}>
      {join}
    </Button>
  )
}
