import { Button, Container, Paper, Stack, Text, Title, type ContainerProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { PageTitle } from '../../components/PageTitle'
import { SectionNav } from '../../components/SectionNav'
import { useI18n } from '../../lib/locale'

/** An account page: its title, the area's navigation, then its sections. */
export function AccountFrame({ title, size = 'md', children }: { title: string; size?: ContainerProps['size']; children: ReactNode }) {
  const { LL } = useI18n()
  return (
    <Container size={size} px={0} py="lg">
      <PageTitle>{title}</PageTitle>
      <SectionNav
        label={LL.auth.account.nav()}
        links={[
          { to: '/account/password', label: LL.auth.account.password() },
          { to: '/account/plan', label: LL.auth.account.plan() },
          { to: '/account/email', label: LL.account.nav.email() },
          { to: '/account/security', label: LL.account.nav.security() },
          { to: '/account/privacy', label: LL.account.nav.privacy() },
        ]}
      />
      <Stack gap="lg">{children}</Stack>
    </Container>
  )
}

/** A section of an account page: a panel named by its heading (`{id}-title`), an introduction, then `children`. */
export function AccountSection({ id, title, intro, children }: { id: string; title: string; intro: string; children?: ReactNode }) {
  const titleId = `${id}-title`
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        <Text>{intro}</Text>
        {children}
      </Stack>
    </Paper>
  )
}

/** The submit button of an account form: at the start of the line, busy while the request is pending. */
export function AccountSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
      {children}
    </Button>
  )
}
