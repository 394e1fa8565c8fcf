import { Button, Grid, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { contactSchema, type ContactInput } from '../../../core/domain/schemas/site.js'
import { PageTitle } from '../../components/PageTitle'
import { focusFirstError, showSubmitError, useSchemaForm, validateOnSubmit } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { showSuccess, TOAST_MS } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { useMe } from '../auth/session'
import { SentConfirmation } from './SentConfirmation'
import { SupportHours } from './SupportHours'

const EMPTY: ContactInput = { first_name: '', last_name: '', email: '', subject: '', message: '' }

/** Contact form (spec sections 2, 5, 7), then a sent confirmation; support hours beside it. */
export function ContactPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const t = LL.site.contact
  const me = useMe()
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null)
  const form = useSchemaForm<ContactInput>(contactSchema, { ...validateOnSubmit, initialValues: EMPTY })

  // A signed-in user's address is filled in (and can be changed).
  const myEmail = me.data?.email
  useEffect(() => {
    if (myEmail && !form.getValues().email) form.setFieldValue('email', myEmail)
    // Once, when the address arrives: `form` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [myEmail])

  const send = useMutation(
    trpc.site.contact.mutationOptions({
      onSuccess: (_result, input) => {
        showSuccess(t.sentToast(), undefined, TOAST_MS.long)
        setSent({ name: input.first_name.trim(), email: input.email.trim() })
        form.setValues({ ...EMPTY, email: myEmail ?? '' })
        form.resetDirty()
      },
      onError: (error) => showSubmitError(form, error),
    }),
  )

  return (
    <>
      <PageTitle>{LL.meta.contact()}</PageTitle>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {sent ? (
            <SentConfirmation title={t.sentTitle()} text={t.sentText(sent)} again={t.again()} onAgain={() => setSent(null)} />
          ) : (
            <Paper withBorder p="lg" radius="md">
              <form noValidate aria-label={t.formLabel()} onSubmit={form.onSubmit((values) => send.mutate(values), focusFirstError(form))}>
                <Stack gap="md">
                  <Text>{t.intro()}</Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label={t.firstName()} withAsterisk autoComplete="given-name" {...form.getInputProps('first_name')} />
                    <TextInput label={t.lastName()} withAsterisk autoComplete="family-name" {...form.getInputProps('last_name')} />
                  </SimpleGrid>
                  <TextInput label={t.email()} type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
                  <TextInput label={t.subject()} withAsterisk {...form.getInputProps('subject')} />
                  <Textarea label={t.message()} withAsterisk autosize minRows={6} maxRows={16} {...form.getInputProps('message')} />
                  <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                    {t.send()}
                  </Button>
                </Stack>
              </form>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SupportHours />
        </Grid.Col>
      </Grid>
    </>
  )
}
