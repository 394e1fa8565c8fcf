import { Checkbox, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { bannerSchema, type BannerInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { BANNER_POSITIONS } from '../../../../core/domain/site/site.js'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorActions } from '../../../features/admin/editors/EditorActions'
import { localInputToIso, toLocalInput } from '../../../features/admin/editors/dates'
import { editorParams } from '../../../features/admin/editors/editor-id'
import { LocaleFields } from '../../../features/admin/editors/LocaleFields'
import { PictureField } from '../../../features/admin/editors/PictureField'
import { useEditorSave } from '../../../features/admin/editors/save'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

const noText = Object.fromEntries(LOCALES.map((l) => [l, ''])) as BannerInput['title']

/** /admin/banners/{id|new}: position, picture, target, order and schedule of a banner. */
export const Route = createFileRoute('/admin/banners/$id')({
  ssr: false,
  params: editorParams,
  component: BannerEditPage,
})

function BannerEditPage() {
  const { id } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.banners.get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <BannerForm key={id ?? 'new'} banner={data ?? null} />
}

function BannerForm({ banner }: { banner: (Omit<BannerInput, 'image'> & { id: number; imageUrl: string | null }) | null }) {
  const { LL } = useI18n()
  const t = LL.editors.banners
  const trpc = useTRPC()
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const form = useSchemaForm<BannerInput>(bannerSchema, {
    ...validateOnSubmit,
    initialValues: banner ? { ...banner, image: null } : { id: null, position: 'top', title: noText, linkPath: null, sortOrder: 0, active: true, startsAt: null, endsAt: null, image: null },
  })
  // The fields hold the browser's local time; the form holds ISO times, as the schema wants.
  const localTime = (path: 'startsAt' | 'endsAt') => ({
    ...form.getInputProps(path),
    value: toLocalInput(form.values[path]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(path, localInputToIso(event.currentTarget.value)),
  })
  const save = useMutation(trpc.admin.banners.save.mutationOptions())
  const remove = useMutation(trpc.admin.banners.remove.mutationOptions())
  const finish = useEditorSave('/admin/banners')
  const title = banner ? t.editTitle({ name: banner.title.de || banner.title.en || `#${banner.id}` }) : t.newTitle()
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <PictureField use="banner" label={t.image()} currentUrl={banner?.imageUrl ?? null} error={form.errors.image as string | undefined} onChange={(key) => form.setFieldValue('image', key)} />
              <Stack gap="sm">
                <NativeSelect label={t.position()} data={BANNER_POSITIONS.map((p) => ({ value: p, label: t.positions[p]() }))} {...form.getInputProps('position')} />
                <TextInput label={t.linkPath()} description={t.linkPathHint()} maxLength={512} {...form.getInputProps('linkPath')} value={form.values.linkPath ?? ''} onChange={(e) => form.setFieldValue('linkPath', e.currentTarget.value || null)} />
                <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
                <Checkbox label={t.active()} {...form.getInputProps('active', { type: 'checkbox' })} />
                <TextInput type="datetime-local" label={t.startsAt()} description={t.scheduleHint({ zone })} {...localTime('startsAt')} />
                <TextInput type="datetime-local" label={t.endsAt()} description={t.scheduleHint({ zone })} {...localTime('endsAt')} />
              </Stack>
            </SimpleGrid>
          </Paper>
          <LocaleFields form={form} fields={[{ path: 'title', label: t.titleLabel(), maxLength: 200 }]} />
          <EditorActions
            saving={save.isPending}
            backTo="/admin/banners"
            remove={banner && { name: title, pending: remove.isPending, run: () => void finish(form, () => remove.mutateAsync({ id: banner.id }), LL.editors.common.removed()) }}
          />
        </Stack>
      </form>
    </Stack>
  )
}
