import { Alert, Container, SimpleGrid, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'
import type { Locale } from '../../../core/domain/locale.js'
import { PageTitle } from '../../components/PageTitle'
import { useMe } from '../../features/auth/session'
import { JoinButton } from '../../features/plans/JoinButton'
import { PlanCard, type PlanCardData } from '../../features/plans/PlanCard'
import { useI18n } from '../../lib/locale'
import { PageLive } from '../../lib/page-live'
import type { Trpc } from '../../lib/trpc'
import { staticHead } from '../../lib/seo'

const plansOptions = (trpc: Trpc, locale: Locale) => trpc.plans.list.queryOptions({ locale })

/**
 * Every public plan, each with its join action. ?plan= marks the plan a visitor chose before
 * signing up: after the gates they come back here and continue to the payment.
 */
export const Route = createFileRoute('/account/select-plan')({
  head: staticHead('selectPlan', { noindex: true }),
  validateSearch: v.object({ plan: optionalText(64) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(plansOptions(context.trpc, context.locale)),
  component: SelectPlanPage,
})

function SelectPlanPage() {
  const { LL, locale } = useI18n()
  const { trpc } = Route.useRouteContext()
  const { plan: chosenSid } = Route.useSearch()
  const { data: plans } = useSuspenseQuery(plansOptions(trpc, locale))
  const chosen = plans.find((plan) => plan.sid === chosenSid)
  return (
    <Container size="xl" px={0} py="lg">
      <PageTitle>{LL.meta.selectPlan()}</PageTitle>
      <Text c="dimmed" mb="lg">
        {plans.length ? LL.plans.select.intro() : LL.plans.select.empty()}
      </Text>
      {chosen && <ChosenPlan plan={chosen} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} headingLevel={2} action={<JoinButton plan={plan} />} />
        ))}
      </SimpleGrid>
      <PageLive />
    </Container>
  )
}

/** The plan chosen before sign-up, with the way on to the payment. */
function ChosenPlan({ plan }: { plan: PlanCardData }) {
  const { LL } = useI18n()
  const me = useMe()
  if (me.data && me.data.role !== 'user') return null
  return (
    <Alert color="pink" variant="light" title={LL.billing.chosen.title({ plan: plan.name })} mb="lg">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{LL.billing.chosen.text()}</Text>
        <JoinButton plan={plan} label={LL.billing.chosen.continue()} fullWidth={false} />
      </Stack>
    </Alert>
  )
}
