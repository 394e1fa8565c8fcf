import { Button, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { showSubmitError } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { showSuccess } from '../../../lib/toasts'
import { useTRPC } from '../../../lib/trpc'

/**
 * A video's poster chosen from its stills: the thumbnails to pick from (radio cards), then one
 * button makes the poster in every width from the chosen still's full size (admin.content.setPoster).
 */
export function PosterPicker({ videoId, stills, posterStill }: { videoId: number; stills: Array<{ index: number; url: string }>; posterStill: number | null }) {
  const { LL } = useI18n()
  const t = LL.editors.content
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState(posterStill === null ? null : String(posterStill))
  const [error, setError] = useState<string | undefined>()
  const setPoster = useMutation(trpc.admin.content.setPoster.mutationOptions())
  if (!stills.length) return <Text size="sm">{t.noStills()}</Text>
  const apply = async () => {
    if (choice === null) return
    try {
      await setPoster.mutateAsync({ id: videoId, still: Number(choice) })
    } catch (failure) {
      showSubmitError({ setErrors: (errors) => setError(Object.values(errors)[0]) }, failure)
      return
    }
    setError(undefined)
    showSuccess(t.posterSaved({ index: Number(choice) + 1 }))
    await queryClient.invalidateQueries({ queryKey: trpc.admin.content.item.queryKey({ kind: 'video', id: videoId }) })
  }
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {posterStill === null ? t.posterFromPipeline() : t.posterChosen({ index: posterStill + 1 })}
      </Text>
      <Radio.Group value={choice} onChange={setChoice} label={t.posterHint()} error={error}>
        <SimpleGrid cols={{ base: 2, sm: 4, xl: 6 }} spacing="xs" mt="xs">
          {stills.map((still) => (
            <Radio.Card
              key={still.index}
              value={String(still.index)}
              radius="md"
              p={4}
              style={{ outlineOffset: 2 }}
              data-checked={choice === String(still.index) || undefined}
            >
              <Image src={still.url} alt={t.posterStill({ index: still.index + 1 })} radius="sm" style={{ aspectRatio: '16 / 9' }} />
              <Group gap={6} mt={4} px={2} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Text size="xs" aria-hidden="true">
                  {t.posterStill({ index: still.index + 1 })}
                  {posterStill === still.index ? ` · ${t.current()}` : ''}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group>
        <Button onClick={() => void apply()} loading={setPoster.isPending} disabled={choice === null || Number(choice) === posterStill} mih={44}>
          {t.usePoster()}
        </Button>
      </Group>
    </Stack>
  )
}
