import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AnchorLink } from '../components/anchor-links'
import { PageTitle } from '../components/PageTitle'
import { expectedErrorMessage, FormAlert } from '../features/auth/AuthPanel'
import { loadNamespaces, useI18n } from '../lib/locale'
import { textOrEmpty } from '../lib/search-params'
import { staticHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

/**
 * /dev-age-check?check=&locale= — the local development provider's page (AGE_DEV_PROVIDER):
 * it stands in for a certified age-verification provider and says yes or no. The answer goes
 * back through the generic callback, signed by the server; with the provider off the server
 * answers "not found".
 */
export const Route = createFileRoute('/dev-age-check')({
  ssr: false,
  head: staticHead('demoCheckout', { noindex: true }),
  validateSearch: v.object({ check: textOrEmpty(64) }),
  beforeLoad: ({ context }) => loadNamespaces(context.locale, ['age']),
  component: DevCheckPage,
})

function DevCheckPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const { check } = Route.useSearch()
  const open = useQuery({ ...trpc.age.devCheck.queryOptions({ check }), staleTime: 0, retry: false })
  const answer = useMutation(trpc.age.devAnswer.mutationOptions())
  const t = LL.age.dev
  const reply = async (over18: boolean) => {
    try {
      const { url } = await answer.mutateAsync({ check, over18 })
      window.location.assign(url)
    } catch {
      // Shown above the buttons.
    }
  }
  return (
    <Container size={560} px={0} py="lg">
      <PageTitle>{t.title()}</PageTitle>
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {t.text()}
        </Alert>
        {open.isPending && <Loader size="sm" aria-label={t.title()} />}
        {open.error && (
          <Stack gap="sm" align="flex-start">
            <Text role="alert">{t.expired()}</Text>
            <AnchorLink to="/$lang/verify-age" params={{ lang: locale }}>
              {t.back()}
            </AnchorLink>
          </Stack>
        )}
        {open.data && (
          <>
            <FormAlert message={answer.error ? (expectedErrorMessage(answer.error) ?? LL.errors.generic()) : null} />
            <Group gap="sm">
              <Button size="md" onClick={() => void reply(true)} loading={answer.isPending && answer.variables?.over18 === true} disabled={answer.isSuccess}>
                {t.yes()}
              </Button>
              <Button
                size="md"
                variant="default"
                onClick={() => void reply(false)}
                loading={answer.isPending && answer.variables?.over18 === false}
                disabled={answer.isSuccess}
              >
                {t.no()}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  )
}
