import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useId } from 'react'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root.js'
import { priceView } from '../../../core/domain/billing/prices.js'
import { useI18n } from '../../lib/locale'

export type PlanCardData = inferRouterOutputs<AppRouter>['plans']['list'][number]

function CheckIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
      <path d="M5 12l5 5L20 7" />
    </svg>
  )
}

/** The plan's feature lines, in the plan's order; unknown keys are left out. */
function usePlanFeatures(plan: Pick<PlanCardData, 'features' | 'dailyDownloadLimit'>): string[] {
  const { LL } = useI18n()
  const labels = LL.plans.features
  return plan.features.flatMap((feature) => {
    if (feature === 'downloads') return plan.dailyDownloadLimit > 0 ? [labels.downloads({ limit: plan.dailyDownloadLimit })] : []
    const label = (labels as unknown as Record<string, (() => string) | undefined>)[feature]
    return label ? [label()] : []
  })
}

/**
 * One plan: name, billing period, price per period (yearly per 12 months, biyearly per
 * 24 months, with the monthly equivalent), trial terms, features and the "most popular"
 * badge. `action` is the slot for the button that starts the subscription.
 */
export function PlanCard({ plan, action, headingLevel = 3 }: { plan: PlanCardData; action?: ReactNode; headingLevel?: 2 | 3 | 4 }) {
  const { LL, locale } = useI18n()
  const headingId = useId()
  const view = priceView(plan, locale)
  const features = usePlanFeatures(plan)
  const regular = LL.plans.regular({ price: view.price, per: LL.plans.per[plan.period]() })
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      padding="lg"
      radius="md"
      h="100%"
      style={plan.highlight ? { borderColor: 'var(--mantine-color-pink-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={headingLevel} id={headingId} fz="xl">
              {plan.name}
            </Title>
            <Text c="dimmed" size="sm">
              {LL.plans.period[plan.period]()}
            </Text>
          </div>
          {plan.highlight && (
            <Badge color="pink" variant="filled">
              {LL.plans.mostPopular()}
            </Badge>
          )}
        </Group>
        <div>
          <Text component="p" m={0}>
            <Text span fz={32} fw={800} lh={1.1}>
              {view.price}
            </Text>{' '}
            <Text span c="dimmed">
              {LL.plans.per[plan.period]()}
            </Text>
          </Text>
          {view.perMonth && (
            <Text size="sm" c="pink.3">
              {LL.plans.perMonth({ price: view.perMonth })}
            </Text>
          )}
          {view.trial && (
            <Text size="sm" mt={4}>
              {view.trial.price
                ? LL.plans.trial({ days: view.trial.days, price: view.trial.price, regular })
                : LL.plans.trialFree({ days: view.trial.days, regular })}
            </Text>
          )}
        </div>
        <List
          spacing={6}
          size="sm"
          center
          style={{ flexGrow: 1 }}
          icon={
            <ThemeIcon size={18} radius="xl" color="pink" variant="light">
              <CheckIcon />
            </ThemeIcon>
          }
        >
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  )
}
