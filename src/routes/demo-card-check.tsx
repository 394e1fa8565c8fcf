import { Alert, Anchor, Button, Container, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type CSSProperties } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import type { CardField, CardFieldProblem, DemoTestCard } from '../../core/domain/billing/card-check.js'
import { PageTitle } from '../components/PageTitle'
import { expectedErrorMessage, FormAlert } from '../features/auth/AuthPanel'
import { I18nProvider, loadNamespaces, translations, useI18n } from '../lib/locale'
import { textOrEmpty } from '../lib/search-params'
import { headContext } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

/**
 * /demo-card-check?ref=&return=&locale=&sig= — the demo processor's card check, the stand-in
 * for a payment processor's zero-amount authorisation page that the age check's card method
 * sends a visitor to. The server checks the card and answers with the address to go back to,
 * carrying the signed result; nothing about the card is kept.
 */
export const Route = createFileRoute('/demo-card-check')({
  ssr: false,
  staticData: { ageGate: false },
  validateSearch: v.object({ ref: textOrEmpty(200), return: textOrEmpty(2000), sig: textOrEmpty(128) }),
  beforeLoad: async ({ context }) => {
    await loadNamespaces(context.locale, ['ageMethods'])
  },
  head: ({ match }) => {
    const t = translations(headContext(match).locale)
    return { meta: [{ title: t.meta.titleSuffix({ title: t.ageMethods.card.title() }) }, { name: 'robots', content: 'noindex' }] }
  },
  component: DemoCardCheckRoute,
})

function DemoCardCheckRoute() {
  const { locale } = Route.useRouteContext()
  // The site's provider was made before this page's texts were loaded.
  return (
    <I18nProvider locale={locale}>
      <DemoCardCheckPage />
    </I18nProvider>
  )
}

function DemoCardCheckPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const t = LL.ageMethods.card
  const search = Route.useSearch()
  const link = { ref: search.ref, returnUrl: search.return, sig: search.sig }
  const view = useQuery({ ...trpc.demoCardCheck.view.queryOptions(link), staleTime: Infinity })
  return (
    <Container size={560} px={0} py="lg">
      <PageTitle>{t.title()}</PageTitle>
      <Stack gap="md">
        <Alert color="yellow" variant="light" title={t.demoTitle()}>
          {t.demoText()}
        </Alert>
        {view.isPending && <Loader size="sm" aria-label={t.title()} />}
        {view.error && <FormAlert message={expectedErrorMessage(view.error) ?? LL.errors.generic()} />}
        {view.data && !view.data.valid && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t.invalidLink()}</Text>
              <Anchor href="/" size="sm">
                {t.backHome()}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {view.data?.valid && (
          <>
            <CardForm link={link} />
            <TestCards cards={view.data.testCards} />
          </>
        )}
      </Stack>
    </Container>
  )
}

type CardValues = Record<CardField, string>

function CardForm({ link }: { link: { ref: string; returnUrl: string; sig: string } }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const t = LL.ageMethods.card
  const form = useForm<CardValues>({ mode: 'controlled', initialValues: { number: '', expiry: '', cvc: '' } })
  const answer = useMutation(trpc.demoCardCheck.answer.mutationOptions())
  // The button pressed keeps its spinner until the next page has loaded.
  const [pressed, setPressed] = useState<'authorise' | 'cancel' | null>(null)

  const send = async (action: 'authorise' | 'cancel') => {
    form.clearErrors()
    setPressed(action)
    try {
      const reply = await answer.mutateAsync({ ...link, ...form.getValues(), action })
      if ('redirectUrl' in reply) {
        window.location.assign(reply.redirectUrl)
        return
      }
      setPressed(null)
      const problems = Object.entries(reply.problems) as Array<[CardField, CardFieldProblem]>
      form.setErrors(Object.fromEntries(problems.map(([field, problem]) => [field, t.errors[problem]()])))
      const [first] = problems
      if (first) document.getElementById(`card-${first[0]}`)?.focus()
    } catch {
      // The message is shown above the buttons.
      setPressed(null)
    }
  }

  return (
    // Mantine's error red is 3.6:1 on a dark card; this one is over 6:1 (WCAG AA asks 4.5:1).
    <Paper withBorder p="lg" radius="md" style={{ '--mantine-color-error': 'var(--mantine-color-red-4)' } as CSSProperties}>
      <form noValidate aria-label={t.formLabel()} onSubmit={form.onSubmit(() => void send('authorise'))}>
        <Stack gap="md">
          <Text>{t.why()}</Text>
          <TextInput id="card-number" label={t.number()} withAsterisk inputMode="numeric" autoComplete="cc-number" {...form.getInputProps('number')} />
          <Group grow align="flex-start">
            <TextInput
              id="card-expiry"
              label={t.expiry()}
              withAsterisk
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              {...form.getInputProps('expiry')}
            />
            <TextInput id="card-cvc" label={t.cvc()} withAsterisk inputMode="numeric" autoComplete="cc-csc" {...form.getInputProps('cvc')} />
          </Group>
          <FormAlert message={answer.error ? (expectedErrorMessage(answer.error) ?? LL.errors.generic()) : null} />
          <Group>
            <Button type="submit" size="md" loading={pressed === 'authorise'} disabled={pressed === 'cancel'}>
              {t.check()}
            </Button>
            <Button
              type="button"
              size="md"
              variant="default"
              loading={pressed === 'cancel'}
              disabled={pressed === 'authorise'}
              onClick={() => void send('cancel')}
            >
              {t.cancel()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function TestCards({ cards }: { cards: readonly DemoTestCard[] }) {
  const { LL } = useI18n()
  const t = LL.ageMethods.card
  return (
    <section aria-labelledby="test-cards">
      <Title order={2} size="h4" id="test-cards" mb="xs">
        {t.testCards()}
      </Title>
      <Text size="sm" mb="xs">
        {t.testCardsHint()}
      </Text>
      <List listStyleType="none" spacing="xs" aria-labelledby="test-cards">
        {cards.map((card) => (
          <List.Item key={card.number}>
            <Text span ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
            </Text>
            <Text span size="sm">
              {' '}
              {t.testCard({ brand: card.brand, kind: t.funding[card.funding](), outcome: card.declines ? t.declined() : t.approved() })}
            </Text>
          </List.Item>
        ))}
      </List>
    </section>
  )
}
