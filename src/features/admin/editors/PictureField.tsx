import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useState } from 'react'
import {
  PICTURE_BODY_TYPE,
  PICTURE_ENDPOINT,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  PICTURE_USES,
  pictureProblem,
  type PictureUse,
} from '../../../../core/domain/media/pictures.js'
import { formatBytes } from '../../../../core/domain/media/upload.js'
import { translateErrorKey } from '../../../lib/forms'
import { getActiveLocale, useI18n } from '../../../lib/locale'

/** PUT /admin/pictures: the file as the body; the answer's key is what the editor saves. */
async function sendPicture(use: PictureUse, file: File): Promise<{ key: string; url: string }> {
  const res = await fetch(`${PICTURE_ENDPOINT}?use=${use}`, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': PICTURE_BODY_TYPE, 'x-streamclub-csrf': '1', 'x-locale': getActiveLocale() },
  })
  const body = (await res.json().catch(() => ({}))) as { key?: string; url?: string; error?: string }
  if (!res.ok || !body.key) throw new Error(body.error ?? translateErrorKey('generic'))
  return { key: body.key, url: body.url! }
}

/** PictureField's error and onChange bound to the form's field `path`, which holds the new picture's key. */
export const pictureOf = <V,>(form: UseFormReturnType<V>, path: keyof V & string) => ({
  error: form.errors[path] as string | undefined,
  onChange: (key: string) => form.setFieldValue(path, key as never),
})

/**
 * A picture of an editor: the current one, a button to choose a new one (checked here by type
 * and size, by the server again by its bytes), uploaded at once and made into the site's
 * sizes; `onChange` gets its key, which the form saves.
 */
export function PictureField({
  use,
  label,
  currentUrl,
  error,
  onChange,
}: {
  use: PictureUse
  label: string
  currentUrl: string | null
  error?: string | undefined
  onChange: (key: string) => void
}) {
  const { LL, locale } = useI18n()
  const t = LL.editors.picture
  const [state, setState] = useState<{ busy: string | null; url: string | null; problem: string | null }>({ busy: null, url: null, problem: null })
  const [width, height] = Object.values(PICTURE_USES[use])[0] as readonly [number, number]
  const choose = async (file: File | null) => {
    if (!file) return
    const problem = pictureProblem(file.type, file.size)
    if (problem) return setState({ busy: null, url: null, problem: translateErrorKey(problem, { max: formatBytes(PICTURE_MAX_BYTES, locale) }) })
    setState({ busy: file.name, url: null, problem: null })
    try {
      const { key, url } = await sendPicture(use, file)
      setState({ busy: null, url, problem: null })
      onChange(key)
    } catch (failure) {
      setState({ busy: null, url: null, problem: (failure as Error).message })
    }
  }
  const shown = state.url ?? currentUrl
  const id = `picture-${use}`
  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
      <Text fw={600} size="sm" id={`${id}-label`}>
        {label}
      </Text>
      {shown && (
        <Image src={shown} alt={state.url ? t.preview() : t.current()} maw={Math.min(width, 320)} radius="sm" style={{ aspectRatio: `${width} / ${height}` }} />
      )}
      <Group gap="sm">
        <FileButton onChange={(file) => void choose(file)} accept={Object.keys(PICTURE_TYPES).join(',')}>
          {(props) => (
            <Button {...props} variant="default" mih={44} loading={state.busy !== null} aria-describedby={`${id}-hint`}>
              {shown ? t.replace() : t.choose()}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {t.hint({ max: formatBytes(PICTURE_MAX_BYTES, locale), size: `${width} × ${height}` })}
      </Text>
      <Text size="sm" role="status">
        {state.busy ? t.uploading({ name: state.busy }) : state.url ? t.ready() : ''}
      </Text>
      {(state.problem ?? error) && (
        <Text size="sm" c="red.4" role="alert">
          {state.problem ?? error}
        </Text>
      )}
    </Stack>
  )
}
