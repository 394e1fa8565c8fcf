import { Group, Stack, Text } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import type { SortName } from '../../../core/domain/catalog/list.js'
import { Pagination } from './Pagination'
import { SortSelect } from './SortSelect'
import type { ListMeta } from '../../lib/api-types.js'

/**
 * A paginated list: the count, the sort choice, the cards and the page links. When the server
 * answered another page than the URL names (a page past the last), the URL follows.
 */
export function ListView({
  meta,
  countLabel,
  sorts,
  sort,
  children,
}: {
  meta: ListMeta
  countLabel: string
  sorts: readonly SortName[]
  sort: SortName
  children: ReactNode
}) {
  useFollowClampedPage(meta.page)
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" aria-live="polite">
          {countLabel}
        </Text>
        <SortSelect sorts={sorts} value={sort} />
      </Group>
      {children}
      <Pagination page={meta.page} lastPage={meta.last_page} />
    </Stack>
  )
}

/** Replaces the page in the URL with the one the server answered (spec: past the last → last). */
function useFollowClampedPage(answered: number) {
  const navigate = useNavigate()
  useEffect(() => {
    const current = Number(new URLSearchParams(window.location.search).get('page') ?? '1')
    if (current !== answered) {
      void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, page: answered })) as never, replace: true })
    }
  }, [answered, navigate])
}
