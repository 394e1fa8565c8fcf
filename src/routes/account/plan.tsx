import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root.js'
import type { Locale } from '../../../core/domain/locale.js'
import { ButtonLink } from '../../components/links'
import { AccountFrame } from '../../features/account/AccountFrame'
import { accountPage } from '../../features/account/AccountTexts'
import { accountRoute } from '../../features/account/gate'
import { PlanCard } from '../../features/plans/PlanCard'
import { formatDate } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import type { Trpc } from '../../lib/trpc'

type CurrentPlan = inferRouterOutputs<AppRouter>['plans']['current']

const currentPlanOptions = (trpc: Trpc, locale: Locale) => trpc.plans.current.queryOptions({ locale })

export const Route = createFileRoute('/account/plan')({
  ...accountRoute('plan'),
  loader: ({ context }) => context.queryClient.ensureQueryData(currentPlanOptions(context.trpc, context.locale)),
  component: accountPage(PlanPage),
})

/** The user's plan as the membership rule decides it, with the buttons the role may use. */
function PlanPage() {
  const { LL, locale } = useI18n()
  const { trpc } = Route.useRouteContext()
  const { data } = useSuspenseQuery(currentPlanOptions(trpc, locale))
  return (
    <AccountFrame title={LL.plans.page.title()}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <PlanStatus data={data} />
          <PlanButtons data={data} />
        </Stack>
      </Paper>
      {data.plan && (
        <div style={{ maxWidth: 420 }}>
          <PlanCard plan={data.plan} headingLevel={2} />
        </div>
      )}
    </AccountFrame>
  )
}

function PlanStatus({ data }: { data: CurrentPlan }) {
  const { LL, locale } = useI18n()
  const { state, plan } = data
  const date = (iso: string) => formatDate(iso, locale, 'long')
  const current = plan ? <Text fw={700}>{LL.plans.page.current({ plan: plan.name, period: LL.plans.period[plan.period]() })}</Text> : null
  switch (state.kind) {
    case 'admin':
      return <Text fw={700}>{LL.plans.page.admin()}</Text>
    case 'permanentAccess':
      return <Text fw={700}>{LL.plans.page.permanentAccess()}</Text>
    case 'none':
      return <Text>{LL.plans.page.none()}</Text>
    case 'active':
      return (
        <div>
          {current}
          <Text>{LL.plans.page.renews({ date: date(state.renewsAt) })}</Text>
          {state.trialEndsAt && <Text>{LL.plans.page.trialUntil({ date: date(state.trialEndsAt) })}</Text>}
        </div>
      )
    case 'downgrade':
      return (
        <div>
          {current}
          <Text>{LL.plans.page.downgrade({ plan: data.nextPlan?.name ?? '', date: date(state.changesAt) })}</Text>
        </div>
      )
    case 'cancelled':
      return (
        <div>
          {current}
          <Text>{LL.plans.page.cancelled({ date: date(state.endsAt) })}</Text>
        </div>
      )
  }
}

function PlanButtons({ data }: { data: CurrentPlan }) {
  const { LL } = useI18n()
  const { actions, billingLinks } = data
  const cancelUrl = actions.cancel ? billingLinks?.cancelUrl : null
  const updatePaymentUrl = actions.changePaymentMethod ? billingLinks?.updatePaymentUrl : null
  if (!actions.selectPlan && actions.changePlan === 'hidden' && !cancelUrl && !updatePaymentUrl) return null
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {actions.selectPlan && <ButtonLink to="/account/select-plan">{LL.plans.page.selectPlan()}</ButtonLink>}
        {actions.changePlan === 'enabled' && <ButtonLink to="/account/select-plan">{LL.plans.page.changePlan()}</ButtonLink>}
        {actions.changePlan === 'disabled' && (
          <Button disabled aria-describedby="plan-pending-hint">
            {LL.plans.page.changePlan()}
          </Button>
        )}
        {updatePaymentUrl && <ProcessorLink href={updatePaymentUrl}>{LL.plans.page.changePaymentMethod()}</ProcessorLink>}
        {cancelUrl && <ProcessorLink href={cancelUrl}>{LL.plans.page.cancel()}</ProcessorLink>}
      </Group>
      {actions.changePlan === 'disabled' && (
        <Text id="plan-pending-hint" size="sm" c="dimmed">
          {LL.plans.page.pendingHint()}
        </Text>
      )}
    </Stack>
  )
}

/** A page of the payment provider (cancel, change the payment method). */
function ProcessorLink({ href, children }: { href: string; children: string }) {
  const { LL } = useI18n()
  return (
    <Button component="a" href={href} variant="default" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {LL.plans.page.externalHint()}</span>
    </Button>
  )
}
