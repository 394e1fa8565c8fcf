import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import * as v from 'valibot'
import { textOrEmpty } from '../lib/search-params'
import type { AppRouter } from '../../server/trpc/root.js'
import { formatCents } from '../../core/domain/billing/prices.js'
import { AnchorLink } from '../components/anchor-links'
import { PageTitle } from '../components/PageTitle'
import { expectedErrorMessage, FormAlert } from '../features/auth/AuthPanel'
import { protectedArea } from '../features/auth/gates'
import { PlanCard } from '../features/plans/PlanCard'
import { formatDate } from '../lib/format'
import { useI18n } from '../lib/locale'
import { showSuccess } from '../lib/toasts'
import { useTRPC } from '../lib/trpc'
import { staticHead } from '../lib/seo'

type DemoCheckout = inferRouterOutputs<AppRouter>['billing']['demoCheckout']

/**
 * /demo-checkout?plan= — the stand-in for the payment provider when none is configured.
 * "Pay" asks the server to send the provider's signed notification to the webhook; the
 * membership comes from there. With a provider configured the server answers "not available".
 */
export const Route = createFileRoute('/demo-checkout')({
  ssr: false,
  head: staticHead('demoCheckout', { noindex: true }),
  validateSearch: v.object({ plan: textOrEmpty(64) }),
  beforeLoad: ({ context, location }) => protectedArea({ context, location }),
  component: DemoCheckoutPage,
})

function DemoCheckoutPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const { plan } = Route.useSearch()
  const checkout = useQuery({ ...trpc.billing.demoCheckout.queryOptions({ plan, locale }), staleTime: 0 })
  return (
    <Container size={480} px={0} py="lg">
      <PageTitle>{LL.billing.checkout.title()}</PageTitle>
      <Stack gap="md">
        <Alert color="yellow" variant="light" title={LL.billing.checkout.demoTitle()}>
          {LL.billing.checkout.demoText()}
        </Alert>
        {checkout.isPending && <Loader size="sm" aria-label={LL.billing.checkout.title()} />}
        {checkout.error && <FormAlert message={expectedErrorMessage(checkout.error) ?? LL.errors.generic()} />}
        {checkout.data && <PlanCard plan={checkout.data.plan} headingLevel={2} action={<PayAction checkout={checkout.data} />} />}
        <AnchorLink to="/account/select-plan" size="sm">
          {LL.billing.checkout.back()}
        </AnchorLink>
      </Stack>
    </Container>
  )
}

function PayAction({ checkout }: { checkout: DemoCheckout }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const pay = useMutation(trpc.billing.demoPay.mutationOptions())
  const price = (cents: number) => formatCents(cents, checkout.currency, locale)
  const per = LL.plans.per[checkout.plan.period]()
  const date = formatDate(checkout.from, locale)

  const submit = async () => {
    try {
      const result = await pay.mutateAsync({ plan: checkout.plan.sid })
      // Membership changed: every query (header, plan page) asks again.
      await queryClient.invalidateQueries()
      showSuccess(result.mode === 'join' ? LL.billing.checkout.paid() : LL.billing.checkout.changed())
      await navigate({ to: '/account/plan' })
    } catch {
      // The message is shown below the button; unexpected errors also get the generic toast.
    }
  }

  const terms =
    checkout.mode === 'change'
      ? LL.billing.checkout.change({ current: checkout.currentPlan?.name ?? '', plan: checkout.plan.name, date })
      : checkout.trialDays
        ? LL.billing.checkout.trialThen({ days: checkout.trialDays, price: price(checkout.recurringCents), per, date })
        : LL.billing.checkout.renewsThen({ price: price(checkout.recurringCents), per, date })

  return (
    <Stack gap="sm" mt="sm">
      {checkout.mode === 'join' && (
        <Text fw={700} size="lg">
          {LL.billing.checkout.dueNow({ price: price(checkout.dueNowCents) })}
        </Text>
      )}
      <Text size="sm">{terms}</Text>
      <FormAlert message={pay.error ? (expectedErrorMessage(pay.error) ?? LL.errors.generic()) : null} />
      <Button size="md" loading={pay.isPending} onClick={() => void submit()}>
        {checkout.mode === 'change'
          ? LL.billing.checkout.confirmChange()
          : checkout.dueNowCents === 0
            ? LL.billing.checkout.startTrial()
            : LL.billing.checkout.pay({ price: price(checkout.dueNowCents) })}
      </Button>
    </Stack>
  )
}
