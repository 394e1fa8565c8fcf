import { ActionIcon, Avatar, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { MODELS_PER_ITEM_MAX } from '../../../../core/domain/schemas/admin.js'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

export interface PickedModel {
  id: number
  firstName: string
  avatarUrl: string | null
}

function Arrow({ up }: { up: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </svg>
  )
}

function Cross() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  )
}

/**
 * An item's models in order (the first is the featured one): a search field adds one (the
 * server searches by name), each chosen model moves up or down or is removed by a button.
 */
export function ModelPicker({ value, onChange, error }: { value: PickedModel[]; onChange: (models: PickedModel[]) => void; error?: string | undefined }) {
  const { LL } = useI18n()
  const t = LL.editors.content
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search, 250)
  const { data } = useQuery(useTRPC().admin.models.list.queryOptions({ q: q.trim() || undefined }, { placeholderData: keepPreviousData }))
  const chosen = new Set(value.map((m) => m.id))
  const options = (data ?? []).filter((m) => !chosen.has(m.id))
  const move = (index: number, by: -1 | 1) => {
    const next = [...value]
    ;[next[index], next[index + by]] = [next[index + by]!, next[index]!]
    onChange(next)
  }
  const add = (id: string | null) => {
    const model = options.find((m) => String(m.id) === id)
    if (model) onChange([...value, { id: model.id, firstName: model.firstName, avatarUrl: model.avatarUrl }])
    setSearch('')
  }
  return (
    <Stack gap="xs" role="group" aria-labelledby="models-label">
      <Text fw={600} size="sm" id="models-label">
        {t.models()}
      </Text>
      <Text size="xs" c="dimmed">
        {t.modelsHint()}
      </Text>
      {value.length === 0 ? (
        <Text size="sm">{t.noModels()}</Text>
      ) : (
        <Stack component="ol" aria-label={t.chosenModels()} gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {value.map((model, index) => (
            <Paper component="li" key={model.id} withBorder px="sm" py={4} radius="sm">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Text size="sm" c="dimmed" w={20} ta="right">
                    {index + 1}.
                  </Text>
                  <Avatar src={model.avatarUrl} alt="" size={32} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" truncate>
                      {model.firstName}
                    </Text>
                    {index === 0 && (
                      <Text size="xs" c="dimmed">
                        {t.featuredModel()}
                      </Text>
                    )}
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size={36}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t.moveUp({ name: model.firstName })}
                  >
                    <Arrow up />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size={36}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t.moveDown({ name: model.firstName })}
                  >
                    <Arrow up={false} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    onClick={() => onChange(value.filter((m) => m.id !== model.id))}
                    aria-label={t.removeModel({ name: model.firstName })}
                  >
                    <Cross />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Select
        label={t.addModel()}
        placeholder={t.addModelHint()}
        searchable
        clearable
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={add}
        // The server searched by name already.
        filter={({ options: all }) => all}
        data={options.map((m) => ({ value: String(m.id), label: m.firstName }))}
        nothingFoundMessage={t.noModelFound()}
        disabled={value.length >= MODELS_PER_ITEM_MAX}
        error={error}
        maw={360}
      />
    </Stack>
  )
}
