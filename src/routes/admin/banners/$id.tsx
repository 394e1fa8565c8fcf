import { Checkbox, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { bannerSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { BANNER_POSITIONS } from '../../../../core/domain/site/site.js'
import { localInputToIso, toLocalInput } from '../../../features/admin/editors/dates'
import { editorRoute } from '../../../features/admin/editors/editor-id'
import { editorPage, OrderField } from '../../../features/admin/editors/EditorPage'
import { noText } from '../../../features/admin/editors/LocaleFields'
import { PictureField, pictureOf } from '../../../features/admin/editors/PictureField'
import type { EditorResource } from '../../../features/admin/editors/resource'
import { useI18n } from '../../../lib/locale'

const banners: EditorResource<'banners'> = {
  area: 'banners',
  schema: bannerSchema,
  values: (banner) =>
    banner
      ? { ...banner, image: null }
      : { id: null, position: 'top', title: noText(), linkPath: null, sortOrder: 0, active: true, startsAt: null, endsAt: null, image: null },
  title: (LL, banner) =>
    banner ? LL.editors.banners.editTitle({ name: banner.title.de || banner.title.en || `#${banner.id}` }) : LL.editors.banners.newTitle(),
  removeName: (banner) => banner.title.de || banner.title.en || `#${banner.id}`,
  texts: (LL) => ({ fields: [{ path: 'title', label: LL.editors.banners.titleLabel(), maxLength: 200 }] }),
  Fields: ({ form, row: banner }) => {
    const { LL } = useI18n()
    const t = LL.editors.banners
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    // The fields hold the browser's local time; the form holds ISO times, as the schema wants.
    const localTime = (path: 'startsAt' | 'endsAt') => ({
      ...form.getInputProps(path),
      value: toLocalInput(form.values[path]),
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(path, localInputToIso(event.currentTarget.value)),
    })
    return (
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PictureField use="banner" label={t.image()} currentUrl={banner?.imageUrl ?? null} {...pictureOf(form, 'image')} />
          <Stack gap="sm">
            <NativeSelect
              label={t.position()}
              data={BANNER_POSITIONS.map((p) => ({ value: p, label: t.positions[p]() }))}
              {...form.getInputProps('position')}
            />
            <TextInput
              label={t.linkPath()}
              description={t.linkPathHint()}
              maxLength={512}
              {...form.getInputProps('linkPath')}
              value={form.values.linkPath ?? ''}
              onChange={(e) => form.setFieldValue('linkPath', e.currentTarget.value || null)}
            />
            <OrderField {...form.getInputProps('sortOrder')} />
            <Checkbox label={t.active()} {...form.getInputProps('active', { type: 'checkbox' })} />
            <TextInput type="datetime-local" label={t.startsAt()} description={t.scheduleHint({ zone })} {...localTime('startsAt')} />
            <TextInput type="datetime-local" label={t.endsAt()} description={t.scheduleHint({ zone })} {...localTime('endsAt')} />
          </Stack>
        </SimpleGrid>
      </Paper>
    )
  },
}

/** /admin/banners/{id|new}: position, picture, target, order and schedule of a banner. */
export const Route = createFileRoute('/admin/banners/$id')({ ...editorRoute, component: editorPage(banners) })
