import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { reportSchema, withoutEmptyUrls, type ReportInput } from '../../../core/domain/schemas/site.js'
import { REPORT_ISSUES, REPORT_MAX_URLS, REPORT_PROCESSING_BUSINESS_DAYS, REPORT_TYPES, reportUrlFromQuery } from '../../../core/domain/site/site.js'
import { PageTitle } from '../../components/PageTitle'
import { focusFirstError, showSubmitError, useSchemaForm, validateOnSubmit } from '../../lib/forms'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { showSuccess, TOAST_MS } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { SentConfirmation } from './SentConfirmation'
import { settingsOptions } from './settings'

/** The form's values: the oath starts unchecked; the schema requires it before sending. */
type ReportFormValues = Omit<ReportInput, 'oath'> & { oath: boolean }

function RemoveIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  )
}

/**
 * The content-removal report (spec section 5): up to 5 URLs on this site, the first one
 * required and prefilled from ?url=, type abuse and "depicted: yes" by default, at least
 * one issue, description, signature and the oath. Empty URLs are dropped before sending.
 */
export function ReportPage({ prefillUrl }: { prefillUrl: string | undefined }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const t = LL.site.report
  const { data: settings } = useSuspenseQuery(settingsOptions(trpc))
  const schema = useMemo(() => reportSchema(settings.publicUrl), [settings.publicUrl])
  const initialValues = useMemo<ReportFormValues>(
    () => ({
      name: '',
      email: '',
      urls: [reportUrlFromQuery(prefillUrl, settings.publicUrl)],
      type: 'abuse',
      depicted: true,
      issues: [],
      description: '',
      signature: '',
      oath: false,
    }),
    [prefillUrl, settings.publicUrl],
  )
  const form = useSchemaForm<ReportFormValues>(schema, { ...validateOnSubmit, initialValues })
  const [sent, setSent] = useState<string | null>(null)

  const send = useMutation(
    trpc.site.report.mutationOptions({
      onSuccess: (_result, input) => {
        showSuccess(t.sentToast(), undefined, TOAST_MS.long)
        setSent(input.email.trim())
        form.setValues({ ...initialValues, urls: [''] })
        form.resetDirty()
      },
      onError: (error) => showSubmitError(form, error),
    }),
  )

  const days = REPORT_PROCESSING_BUSINESS_DAYS
  const urls = form.getValues().urls

  return (
    <>
      <PageTitle>{LL.meta.report()}</PageTitle>
      <Stack gap="lg" maw={820}>
        <Text>{t.intro()}</Text>
        <Alert color="blue" variant="light" title={t.processing({ days })} />
        {sent ? (
          <SentConfirmation title={t.sentTitle()} text={t.sentText({ days, email: sent })} again={t.again()} onAgain={() => setSent(null)} />
        ) : (
          <Paper withBorder p="lg" radius="md">
            <form
              noValidate
              aria-label={t.formLabel()}
              onSubmit={form.onSubmit((values) => send.mutate(withoutEmptyUrls(values) as ReportInput), focusFirstError(form))}
            >
              <Stack gap="lg">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t.name()} withAsterisk autoComplete="name" {...form.getInputProps('name')} />
                  <TextInput label={t.email()} type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
                </SimpleGrid>

                <fieldset className="plain-fieldset">
                  <Title order={2} size="h5" component="legend" mb={4}>
                    {t.urls()}
                  </Title>
                  <Text size="sm" c="dimmed" mb="xs">
                    {t.urlsHint({ max: REPORT_MAX_URLS, example: `${settings.publicUrl}/${lang}/videos/1` })}
                  </Text>
                  <Stack gap="xs">
                    {urls.map((_url, index) => (
                      <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          style={{ flex: 1 }}
                          label={t.url({ index: index + 1 })}
                          type="url"
                          inputMode="url"
                          withAsterisk={index === 0}
                          placeholder={index === 0 ? `${settings.publicUrl}/${lang}/videos/1` : undefined}
                          {...form.getInputProps(`urls.${index}`)}
                        />
                        {index > 0 && (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            mt={26}
                            aria-label={t.removeUrl({ index: index + 1 })}
                            onClick={() => form.removeListItem('urls', index)}
                          >
                            <RemoveIcon />
                          </ActionIcon>
                        )}
                      </Group>
                    ))}
                    {urls.length < REPORT_MAX_URLS && (
                      <Button variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => form.insertListItem('urls', '')}>
                        {t.addUrl()}
                      </Button>
                    )}
                  </Stack>
                </fieldset>

                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Radio.Group label={t.type()} withAsterisk {...form.getInputProps('type')}>
                    <Stack gap="xs" mt="xs">
                      {REPORT_TYPES.map((type) => (
                        <Radio key={type} value={type} label={t.types[type]()} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Radio.Group
                    label={t.depicted()}
                    withAsterisk
                    value={form.getValues().depicted ? 'yes' : 'no'}
                    onChange={(value) => form.setFieldValue('depicted', value === 'yes')}
                  >
                    <Stack gap="xs" mt="xs">
                      <Radio value="yes" label={t.yes()} />
                      <Radio value="no" label={t.no()} />
                    </Stack>
                  </Radio.Group>
                </SimpleGrid>

                <Checkbox.Group label={t.issues()} withAsterisk {...form.getInputProps('issues')}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                    {REPORT_ISSUES.map((issue) => (
                      <Checkbox key={issue} value={issue} label={t.issueOptions[issue]()} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>

                <Textarea
                  label={t.description()}
                  description={t.descriptionHint()}
                  withAsterisk
                  autosize
                  minRows={5}
                  maxRows={14}
                  {...form.getInputProps('description')}
                />
                <TextInput label={t.signature()} withAsterisk autoComplete="name" {...form.getInputProps('signature')} />
                <Checkbox label={t.oath()} {...form.getInputProps('oath', { type: 'checkbox' })} />
                <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                  {t.submit()}
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </>
  )
}
