import { Alert, Button, Container, Paper, Stack, Text, TextInput, type TextInputProps } from '@mantine/core'
import type { FormEventHandler, ReactNode } from 'react'
import { TRPCClientError } from '@trpc/client'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { useI18n } from '../../lib/locale'

/** The frame of the account forms: the page title above a narrow panel. */
export function AuthPanel({ title, children, size = 440 }: { title: string; children: ReactNode; size?: number }) {
  return (
    <Container size={size} px={0} py="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  )
}

/** "No account yet? Sign up" / "Already have an account? Log in", keeping ?redirect=. */
export function SwitchLink({ question, label, to, redirect }: { question: string; label: string; to: '/login' | '/sign-up'; redirect?: string }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <AnchorLink to={to} search={redirect ? { redirect } : {}} underline="always">
        {label}
      </AnchorLink>
    </Text>
  )
}

/** A form-level message (wrong credentials, too many attempts, an expired link…). */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null
  return (
    <Alert color="red" variant="light" role="alert" mb="md">
      {message}
      {children}
    </Alert>
  )
}

/**
 * The translated message of an expected failure the server answered (its field messages are
 * shown on the fields instead). Unexpected failures get the generic toast from the query
 * client, so they return null here.
 */
export function expectedErrorMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null
  const code = (error.data as { code?: string } | undefined)?.code
  if (!code || code === 'INTERNAL_SERVER_ERROR') return null
  return error.message
}

/**
 * A form that asks only for an e-mail address to send a mail to: its introduction, the server's
 * message, the address, the submit button, then `children` (a link onwards).
 */
export function EmailRequestForm(props: {
  intro: string
  submit: string
  message: string | null
  pending: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  email: TextInputProps
  children: ReactNode
}) {
  const { LL } = useI18n()
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{props.intro}</Text>
        <FormAlert message={props.message} />
        <TextInput label={LL.auth.email()} type="email" autoComplete="email" required {...props.email} />
        <Button type="submit" loading={props.pending} fullWidth>
          {props.submit}
        </Button>
        {props.children}
      </Stack>
    </form>
  )
}
