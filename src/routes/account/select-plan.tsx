import { Container, SimpleGrid, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { Locale } from '../../../server/domain/locale.js'
import { PageTitle } from '../../components/PageTitle'
import { PlanCard } from '../../features/plans/PlanCard'
import { useI18n } from '../../lib/locale'
import type { Trpc } from '../../lib/trpc'

const plansOptions = (trpc: Trpc, locale: Locale) => trpc.plans.list.queryOptions({ locale })

/** Every public plan. The button that starts a subscription goes into PlanCard's action slot. */
export const Route = createFileRoute('/account/select-plan')({
  loader: ({ context }) => context.queryClient.ensureQueryData(plansOptions(context.trpc, context.locale)),
  component: SelectPlanPage,
})

function SelectPlanPage() {
  const { LL, locale } = useI18n()
  const { trpc } = Route.useRouteContext()
  const { data: plans } = useSuspenseQuery(plansOptions(trpc, locale))
  return (
    <Container size="xl" px={0} py="lg">
      <PageTitle>{LL.meta.selectPlan()}</PageTitle>
      <Text c="dimmed" mb="lg">
        {plans.length ? LL.plans.select.intro() : LL.plans.select.empty()}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} headingLevel={2} />
        ))}
      </SimpleGrid>
    </Container>
  )
}
