import { Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, type SimpleGridProps } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { LOCALES, type Locale } from '../../../../core/domain/locale.js'
import type { RichTextDocument } from '../../../../core/domain/site/rich-text.js'
import { hasRichText } from '../../../../core/domain/schemas/catalog-admin.js'
import { useI18n } from '../../../lib/locale'
import { RichTextField } from './RichTextField'

export interface LocaleField {
  /** The form path of a per-language object, e.g. 'title'. */
  path: string
  label: string
  /** A plain text field (one line or several) or a delta rich text (legal pages, FAQ answers). */
  kind?: 'line' | 'multiline' | 'richText'
  maxLength?: number
}

/** A per-language text with every language empty (a new row's). */
export const noText = () => Object.fromEntries(LOCALES.map((l) => [l, ''])) as Record<Locale, string>

const isFilled = (value: unknown) =>
  typeof value === 'object' && value !== null ? hasRichText(value as RichTextDocument) : Boolean(String((value as string | number | undefined) ?? '').trim())

/** The languages missing a text in any of the fields. */
function missingLocales(values: Record<string, unknown>, paths: string[]): Locale[] {
  return LOCALES.filter((l) => paths.some((p) => !isFilled((values[p] as Record<Locale, unknown> | undefined)?.[l])))
}

/** Per-language text fields side by side, a missing translation flagged (the site falls back, de then en). */
export function LocaleFields({
  form,
  fields,
  cols = { base: 1, md: 2, xl: 3 },
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>
  fields: LocaleField[]
  cols?: SimpleGridProps['cols']
}) {
  const { LL } = useI18n()
  const t = LL.editors.common
  const values = form.values as Record<string, Record<Locale, unknown>>
  const missing = missingLocales(
    values,
    fields.map((f) => f.path),
  )
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {missing.length ? t.missingSummary({ languages: missing.map((l) => LL.layout.language[l]()).join(', ') }) : t.complete()}
      </Text>
      <SimpleGrid cols={cols} spacing="md">
        {LOCALES.map((l) => {
          const language = LL.layout.language[l]()
          return (
            <Paper key={l} withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="fieldset" lang={l} style={{ margin: 0, minWidth: 0 }}>
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
                  const label = t.inLanguage({ label: field.label, language })
                  const path = `${field.path}.${l}`
                  if (field.kind === 'richText') {
                    return (
                      <RichTextField
                        key={field.path}
                        label={label}
                        lang={l}
                        value={values[field.path]![l] as RichTextDocument}
                        onChange={(value) => form.setFieldValue(path, value)}
                        error={form.errors[path] as string | undefined}
                      />
                    )
                  }
                  const props = { label, maxLength: field.maxLength, ...form.getInputProps(path) }
                  return field.kind === 'multiline' ? (
                    <Textarea key={field.path} autosize minRows={3} maxRows={10} {...props} />
                  ) : (
                    <TextInput key={field.path} {...props} />
                  )
                })}
              </Stack>
            </Paper>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
