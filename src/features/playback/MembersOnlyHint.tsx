import { Alert, Stack, Text } from '@mantine/core'
import { ButtonLink } from '../../components/links'
import { useI18n } from '../../lib/locale'

/** The members-only hint with the way to a plan (spec section 6: users without a plan see it). */
export function MembersOnlyHint({ text }: { text: string }) {
  const { LL } = useI18n()
  return (
    <Alert color="pink" variant="light" title={LL.catalog.card.membersOnly()}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <ButtonLink to="/account/select-plan" size="xs">
          {LL.catalog.video.becomeMember()}
        </ButtonLink>
      </Stack>
    </Alert>
  )
}
