import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { useFocusOnMount } from '../../lib/focus'

/** The "sent" state of a form: a heading that takes focus, a text and a way back to the form. */
export function SentConfirmation({ title, text, again, onAgain }: { title: string; text: string; again: string; onAgain: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Paper withBorder p="lg" radius="md" role="status">
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text>{text}</Text>
        <Button variant="light" onClick={onAgain}>
          {again}
        </Button>
      </Stack>
    </Paper>
  )
}
