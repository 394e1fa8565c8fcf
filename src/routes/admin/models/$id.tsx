import { MultiSelect, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { GENITAL_AREAS, NATIONALITIES, PREFERENCES, ZODIAC_SIGNS } from '../../../../core/domain/catalog/model-facts.js'
import { MODEL_TEXT_MAX, modelSchema, type ModelInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorActions } from '../../../features/admin/editors/EditorActions'
import { editorParams } from '../../../features/admin/editors/editor-id'
import { LocaleFields } from '../../../features/admin/editors/LocaleFields'
import { PictureField } from '../../../features/admin/editors/PictureField'
import { useEditorSave } from '../../../features/admin/editors/save'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

const noText = Object.fromEntries(LOCALES.map((l) => [l, ''])) as ModelInput['description']

/** /admin/models/{id|new}: every field of a model. */
export const Route = createFileRoute('/admin/models/$id')({
  ssr: false,
  params: editorParams,
  component: ModelEditPage,
})

function ModelEditPage() {
  const { id } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.models.get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <ModelForm key={id ?? 'new'} model={data ?? null} />
}

type Loaded = NonNullable<ReturnType<typeof useQuery<unknown>>['data']> & Omit<ModelInput, 'picture'> & { pictureUrl: string | null }

function ModelForm({ model }: { model: Loaded | null }) {
  const { LL } = useI18n()
  const t = LL.editors.models
  const f = LL.modelFacts
  const trpc = useTRPC()
  const form = useSchemaForm<ModelInput>(modelSchema, {
    ...validateOnSubmit,
    initialValues: model
      ? { id: model.id, firstName: model.firstName, birthDate: model.birthDate, description: model.description, bio: model.bio, cupSize: model.cupSize, genitalArea: model.genitalArea, heightCm: model.heightCm, weightKg: model.weightKg, nationality: model.nationality, zodiac: model.zodiac, preferences: model.preferences, picture: null }
      : { id: null, firstName: '', birthDate: null, description: noText, bio: noText, cupSize: null, genitalArea: null, heightCm: null, weightKg: null, nationality: null, zodiac: null, preferences: [], picture: null },
  })
  const save = useMutation(trpc.admin.models.save.mutationOptions())
  const finish = useEditorSave('/admin/models')
  const title = model ? t.editTitle({ name: model.firstName }) : t.newTitle()
  const choice = <K extends string>(keys: readonly K[], label: (key: K) => string) => [{ value: '', label: LL.editors.common.none() }, ...keys.map((key) => ({ value: key, label: label(key) }))]
  const nullable = (path: keyof ModelInput) => ({
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
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <PictureField use="model" label={t.picture()} currentUrl={model?.pictureUrl ?? null} error={form.errors.picture as string | undefined} onChange={(key) => form.setFieldValue('picture', key)} />
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
            <MultiSelect mt="md" label={t.preferences()} searchable data={PREFERENCES.map((k) => ({ value: k, label: f.preference[k]() }))} {...form.getInputProps('preferences')} />
          </Paper>
          <section aria-labelledby="texts">
            <Title order={2} size="h3" id="texts" mb="sm">
              {t.texts()}
            </Title>
            <LocaleFields form={form} fields={[{ path: 'description', label: t.description(), kind: 'multiline', maxLength: MODEL_TEXT_MAX }, { path: 'bio', label: t.bio(), kind: 'multiline', maxLength: MODEL_TEXT_MAX }]} />
          </section>
          <EditorActions saving={save.isPending} backTo="/admin/models" />
        </Stack>
      </form>
    </Stack>
  )
}
