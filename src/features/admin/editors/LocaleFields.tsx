import { Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { LOCALES, type Locale } from '../../../../server/domain/locale.js'
import { useI18n } from '../../../lib/locale'

export interface LocaleField {
  /** The form path of a per-language object, e.g. 'title'. */
  path: string
  label: string
  multiline?: boolean
  maxLength: number
}

/** The languages missing a text in any of the fields. */
export function missingLocales(values: Record<string, unknown>, paths: string[]): Locale[] {
  return LOCALES.filter((l) => paths.some((p) => !String((values[p] as Record<Locale, string> | undefined)?.[l] ?? '').trim()))
}

/** Per-language text fields side by side, a missing translation flagged (the site falls back, de then en). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function LocaleFields({ form, fields }: { form: UseFormReturnType<any>; fields: LocaleField[] }) {
  const { LL } = useI18n()
  const t = LL.editors.common
  const missing = missingLocales(form.values as Record<string, unknown>, fields.map((f) => f.path))
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {missing.length ? t.missingSummary({ languages: missing.map((l) => LL.layout.language[l]()).join(', ') }) : t.complete()}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {LOCALES.map((l) => {
          const language = LL.layout.language[l]()
          return (
            <Paper key={l} withBorder p="md" radius="md" component="fieldset" lang={l} style={{ margin: 0, minWidth: 0 }}>
              <Group justify="space-between" component="legend" style={{ float: 'left', width: '100%', padding: 0 }} mb="xs">
                <Text fw={700}>{language}</Text>
                {missing.includes(l) && (
                  <Badge color="yellow" variant="light">
                    {t.missing()}
                  </Badge>
                )}
              </Group>
              <Stack gap="sm" style={{ clear: 'both' }}>
                {fields.map((field) => {
                  const props = { label: t.inLanguage({ label: field.label, language }), maxLength: field.maxLength, ...form.getInputProps(`${field.path}.${l}`) }
                  return field.multiline ? <Textarea key={field.path} autosize minRows={3} maxRows={10} {...props} /> : <TextInput key={field.path} {...props} />
                })}
              </Stack>
            </Paper>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
