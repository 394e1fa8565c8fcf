import { Alert, Button, Container, Grid, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { chosenPlanOf } from '../../core/domain/billing/billing.js'
import { signUpSchema } from '../../core/domain/schemas/auth.js'
import { PageTitle } from '../components/PageTitle'
import { FormAlert, SwitchLink } from '../features/auth/AuthPanel'
import { NewPasswordField } from '../features/auth/PasswordField'
import { loginArea } from '../features/auth/gates'
import { redirectSearch } from '../features/auth/search'
import { useServerSubmit } from '../features/auth/use-server-submit'
import { JoinButton } from '../features/plans/JoinButton'
import { PlanCard } from '../features/plans/PlanCard'
import { translateErrorKey, useSchemaForm } from '../lib/forms'
import { useI18n } from '../lib/locale'
import { useTRPC } from '../lib/trpc'
import { staticHead } from '../lib/seo'

/** /sign-up?redirect= — part of the login area: signed-in users are sent on. */
export const Route = createFileRoute('/sign-up')({
  ssr: false,
  head: staticHead('signUp', { noindex: true }),
  validateSearch: redirectSearch,
  beforeLoad: ({ context, search }) => loginArea({ context, search }),
  component: SignUpPage,
})

function SignUpPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const settings = useQuery(trpc.site.settings.queryOptions())
  const offers = useQuery(trpc.plans.signupOffers.queryOptions({ locale }))
  const plans = [offers.data?.yearly, offers.data?.monthly].filter((plan) => plan != null)

  return (
    <Container size="lg" px={0} py="lg">
      <PageTitle>{LL.auth.signUp.title()}</PageTitle>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md">
            {settings.data?.signupEnabled === false ? (
              <Alert color="yellow" variant="light" title={LL.auth.signUp.disabledTitle()} role="alert">
                {translateErrorKey('signupDisabled')}
              </Alert>
            ) : (
              <SignUpForm />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <section aria-labelledby="signup-offers">
            <Title order={2} id="signup-offers" fz="lg" mb="sm">
              {LL.auth.signUp.offers()}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} action={<JoinButton plan={plan} />} />
              ))}
            </SimpleGrid>
          </section>
        </Grid.Col>
      </Grid>
    </Container>
  )
}

function SignUpForm() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const signUp = useMutation(trpc.auth.signUp.mutationOptions())
  const form = useSchemaForm<{ email: string; password: string }>(signUpSchema, { initialValues: { email: '', password: '' } })
  const send = (values: { email: string; password: string }) => signUp.mutateAsync({ ...values, redirect })
  // The same answer for a new and a known address (a mail goes to either): check your inbox.
  const { message, onSubmit } = useServerSubmit(form, send, (values) =>
    navigate({ to: '/verify-email', search: { email: values.email.trim(), ...(redirect ? { redirect } : {}) } }),
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{LL.auth.signUp.intro()}</Text>
        <ChosenPlanNote redirect={redirect} />
        <FormAlert message={message} />
        <TextInput label={LL.auth.email()} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <NewPasswordField label={LL.auth.password()} {...form.getInputProps('password')} />
        <Button type="submit" loading={signUp.isPending} fullWidth>
          {LL.auth.signUp.submit()}
        </Button>
        <SwitchLink question={LL.auth.signUp.haveAccount()} label={LL.auth.signUp.login()} to="/login" redirect={redirect} />
      </Stack>
    </form>
  )
}

/** The plan chosen before signing up (?redirect= back to it): the payment follows the confirmation. */
function ChosenPlanNote({ redirect }: { redirect: string | undefined }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const sid = chosenPlanOf(redirect)
  const plans = useQuery({ ...trpc.plans.list.queryOptions({ locale }), enabled: sid !== null })
  const plan = plans.data?.find((candidate) => candidate.sid === sid)
  if (!plan) return null
  return (
    <Alert color="pink" variant="light" title={LL.billing.chosen.title({ plan: plan.name })}>
      {LL.billing.chosen.afterSignUp()}
    </Alert>
  )
}
