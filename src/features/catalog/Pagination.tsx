import { Group, Text, UnstyledButton } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { paginationMiddleCount, paginationWindow } from '../../../core/domain/catalog/list.js'
import { useBreakpoint } from '../../lib/breakpoint'
import { useI18n } from '../../lib/locale'

const pageStyle = {
  minWidth: 36,
  height: 36,
  padding: '0 10px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'var(--mantine-radius-md)',
  border: '1px solid var(--mantine-color-dark-4)',
  fontSize: 'var(--mantine-font-size-sm)',
} as const

/**
 * Page links that keep the rest of the query string: first and last page always, up to 5
 * pages around the current one on wide screens and 3 on narrow ones (spec section 9).
 */
export function Pagination({ page, lastPage }: { page: number; lastPage: number }) {
  const { LL } = useI18n()
  const breakpoint = useBreakpoint()
  if (lastPage <= 1) return null
  const items = paginationWindow(page, lastPage, paginationMiddleCount(breakpoint))
  const link = (target: number, label: string, text: string, disabled = false, current = false) =>
    disabled ? (
      <UnstyledButton component="span" aria-disabled="true" style={{ ...pageStyle, opacity: 0.4 }}>
        <span aria-hidden="true">{text}</span>
        <span className="visually-hidden">{label}</span>
      </UnstyledButton>
    ) : (
      <UnstyledButton
        component={Link}
        to="."
        // Relative to the current route: keeps its params and every other search value.
        search={((prev: Record<string, unknown>) => ({ ...prev, page: target })) as never}
        resetScroll
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        style={{
          ...pageStyle,
          ...(current ? { background: 'var(--mantine-color-pink-7)', borderColor: 'var(--mantine-color-pink-7)', color: 'white' } : {}),
        }}
      >
        {text}
      </UnstyledButton>
    )
  return (
    <Group component="nav" aria-label={LL.catalog.pagination.label()} justify="center" gap={6} mt="xl">
      {link(page - 1, LL.catalog.pagination.previous(), '‹', page <= 1)}
      {items.map((item) =>
        item.type === 'gap' ? (
          <Text key={item.key} c="dimmed" px={4} aria-label={LL.catalog.pagination.gap()} role="img">
            …
          </Text>
        ) : (
          <span key={item.page}>{link(item.page, LL.catalog.pagination.page({ page: item.page }), String(item.page), false, item.page === page)}</span>
        ),
      )}
      {link(page + 1, LL.catalog.pagination.next(), '›', page >= lastPage)}
    </Group>
  )
}
