import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Component, useEffect, useRef, useState, type ReactNode } from 'react'
import { errorFeedbackSchema } from '../../../core/domain/schemas/site.js'
import { ButtonLink } from '../../components/links'
import { SiteLayout } from '../../components/layout/SiteLayout'
import { useFocusOnMount } from '../../lib/focus'
import { focusFirstError, showSubmitError, useSchemaForm, validateOnSubmit } from '../../lib/forms'
import { getActiveLocale, I18nProvider, useCurrentLocale, useI18n } from '../../lib/locale'
import { PageLive } from '../../lib/page-live'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000)

/**
 * The error screen (spec sections 2 and 8): a problem occurred and the team was informed
 * (the error is logged on the server); optional feedback, which must say what the user
 * did when it is sent; Skip leaves for the home page.
 */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const t = LL.site.errorFallback
  const lang = useCurrentLocale()
  const router = useRouter()
  const { pathname, searchStr } = useLocation()
  const path = `${pathname}${searchStr}`.slice(0, 2048)
  const [sent, setSent] = useState(false)
  const form = useSchemaForm<{ message: string }>(errorFeedbackSchema, { ...validateOnSubmit, initialValues: { message: '' } })

  const report = useMutation(trpc.site.reportClientError.mutationOptions())
  const reported = useRef(false)
  useEffect(() => {
    if (reported.current) return
    reported.current = true
    report.mutate({ message: describe(error), path, stack: error instanceof Error ? error.stack?.slice(0, 8000) : undefined })
  }, [error, path, report])

  const feedback = useMutation(
    trpc.site.errorFeedback.mutationOptions({
      onSuccess: () => {
        showSuccess(t.sentToast())
        setSent(true)
      },
      onError: (failure) => showSubmitError(form, failure),
    }),
  )

  const heading = useFocusOnMount<HTMLHeadingElement>()

  const retry = () => {
    reset()
    void router.invalidate()
  }

  return (
    <Stack align="center" py="xl">
      <PageLive />
      <Paper component="section" withBorder p="xl" radius="md" maw={640} w="100%" aria-labelledby="error-fallback-title">
        <Stack gap="md">
          <Title order={1} size="h2" id="error-fallback-title" ref={heading} tabIndex={-1}>
            {t.title()}
          </Title>
          <Text>{t.text()}</Text>
          {sent ? (
            <>
              <Text fw={600}>{t.thanks()}</Text>
              <Group>
                <Button variant="default" onClick={retry}>
                  {t.retry()}
                </Button>
                <ButtonLink to="/$lang" params={{ lang }}>
                  {t.home()}
                </ButtonLink>
              </Group>
            </>
          ) : (
            <form
              noValidate
              onSubmit={form.onSubmit((values) => feedback.mutate({ message: values.message, path, error: describe(error) }), focusFirstError(form))}
            >
              <Stack gap="md">
                <Textarea label={t.feedbackLabel()} description={t.feedbackHint()} autosize minRows={4} maxRows={10} {...form.getInputProps('message')} />
                <Group justify="flex-end">
                  <ButtonLink variant="default" to="/$lang" params={{ lang }} onClick={reset}>
                    {t.skip()}
                  </ButtonLink>
                  <Button type="submit" loading={feedback.isPending}>
                    {t.send()}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** Falls back to a bare page when the layout itself cannot be drawn. */
class LayoutBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/**
 * The root route's error screen: the error happened in the layout itself (e.g. the
 * administrators' test error in the footer), so the layout is drawn afresh around the
 * fallback, or left out if it fails again.
 */
export function RootErrorFallback(props: ErrorComponentProps) {
  const fallback = <ErrorFallback {...props} />
  return (
    <I18nProvider locale={getActiveLocale()}>
      <LayoutBoundary fallback={<main id="main">{fallback}</main>}>
        <SiteLayout>{fallback}</SiteLayout>
      </LayoutBoundary>
    </I18nProvider>
  )
}
