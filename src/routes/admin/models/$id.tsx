import { MultiSelect, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { GENITAL_AREAS, NATIONALITIES, PREFERENCES, ZODIAC_SIGNS } from '../../../../core/domain/catalog/model-facts.js'
import { MODEL_TEXT_MAX, modelSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { editorRoute } from '../../../features/admin/editors/editor-id'
import { editorPage } from '../../../features/admin/editors/EditorPage'
import { noText } from '../../../features/admin/editors/LocaleFields'
import { PictureField, pictureOf } from '../../../features/admin/editors/PictureField'
import type { EditorResource } from '../../../features/admin/editors/resource'
import type { EditorValues } from '../../../lib/api-types'
import { useI18n } from '../../../lib/locale'

const models: EditorResource<'models'> = {
  area: 'models',
  schema: modelSchema,
  values: (model) => {
    if (!model)
      return {
        id: null,
        firstName: '',
        birthDate: null,
        description: noText(),
        bio: noText(),
        cupSize: null,
        genitalArea: null,
        heightCm: null,
        weightKg: null,
        nationality: null,
        zodiac: null,
        preferences: [],
        picture: null,
      }
    const { pictureUrl: _shown, ...values } = model
    return { ...values, picture: null }
  },
  title: (LL, model) => (model ? LL.editors.models.editTitle({ name: model.firstName }) : LL.editors.models.newTitle()),
  texts: (LL) => ({
    heading: LL.editors.models.texts(),
    fields: [
      { path: 'description', label: LL.editors.models.description(), kind: 'multiline', maxLength: MODEL_TEXT_MAX },
      { path: 'bio', label: LL.editors.models.bio(), kind: 'multiline', maxLength: MODEL_TEXT_MAX },
    ],
  }),
  Fields: ({ form, row: model }) => {
    const { LL } = useI18n()
    const t = LL.editors.models
    const f = LL.modelFacts
    const choice = <K extends string>(keys: readonly K[], label: (key: K) => string) => [
      { value: '', label: LL.editors.common.none() },
      ...keys.map((key) => ({ value: key, label: label(key) })),
    ]
    const nullable = (path: keyof EditorValues<'models'>) => ({
      ...form.getInputProps(path),
      value: (form.values[path] as string | null) ?? '',
      onChange: (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => form.setFieldValue(path, (event.currentTarget.value || null) as never),
    })
    const numeric = (path: 'heightCm' | 'weightKg') => ({
      ...form.getInputProps(path),
      value: form.values[path] ?? '',
      onChange: (value: string | number) => form.setFieldValue(path, value === '' ? null : Number(value)),
    })
    return (
      <>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PictureField use="model" label={t.picture()} currentUrl={model?.pictureUrl ?? null} {...pictureOf(form, 'picture')} />
            <Stack gap="sm">
              <TextInput label={t.firstName()} required maxLength={120} {...form.getInputProps('firstName')} />
              <TextInput type="date" label={t.birthDate()} description={t.birthDateHint()} {...nullable('birthDate')} />
            </Stack>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="facts">
          <Title order={2} size="h3" id="facts" mb="sm">
            {t.facts()}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput label={t.cupSize()} maxLength={3} {...nullable('cupSize')} />
            <NativeSelect label={t.genitalArea()} data={choice(GENITAL_AREAS, (k) => f.genitalArea[k]())} {...nullable('genitalArea')} />
            <NumberInput label={t.height()} min={120} max={230} allowDecimal={false} {...numeric('heightCm')} />
            <NumberInput label={t.weight()} min={35} max={200} allowDecimal={false} {...numeric('weightKg')} />
            <NativeSelect label={t.nationality()} data={choice(NATIONALITIES, (k) => f.nationality[k]())} {...nullable('nationality')} />
            <NativeSelect label={t.zodiac()} data={choice(ZODIAC_SIGNS, (k) => f.zodiac[k]())} {...nullable('zodiac')} />
          </SimpleGrid>
          <MultiSelect
            mt="md"
            label={t.preferences()}
            searchable
            data={PREFERENCES.map((k) => ({ value: k, label: f.preference[k]() }))}
            {...form.getInputProps('preferences')}
          />
        </Paper>
      </>
    )
  },
}

/** /admin/models/{id|new}: every field of a model. */
export const Route = createFileRoute('/admin/models/$id')({ ...editorRoute, component: editorPage(models) })
