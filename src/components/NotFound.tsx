import { Stack, Text, Title } from '@mantine/core'
import { useCurrentLocale, useI18n } from '../lib/locale'
import { PageLive } from '../lib/page-live'
import { ButtonLink } from './links'

export function NotFound() {
  const { LL } = useI18n()
  const locale = useCurrentLocale()
  return (
    <Stack align="center" py="xl" gap="md">
      <Title order={1}>{LL.layout.notFound.title()}</Title>
      <Text c="dimmed">{LL.layout.notFound.text()}</Text>
      <ButtonLink to="/$lang" params={{ lang: locale }}>
        {LL.layout.notFound.home()}
      </ButtonLink>
      <PageLive />
    </Stack>
  )
}
