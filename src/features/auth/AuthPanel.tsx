import { Alert, Container, Paper, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { TRPCClientError } from '@trpc/client'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'

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
