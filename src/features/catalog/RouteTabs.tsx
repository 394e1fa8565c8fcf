import { Group } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * Tabs that are pages (content type, search tabs): a navigation of links, the current one
 * marked with aria-current, each keeping the query it needs (e.g. q on search tabs).
 */
export function RouteTabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="nav" aria-label={label} gap="xs" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}>
      {children}
    </Group>
  )
}

/** Props of one tab link: filled when it is the current page. */
export function tabProps(active: boolean) {
  return { variant: active ? 'filled' : 'subtle', color: active ? 'pink' : 'gray', 'aria-current': active ? ('page' as const) : undefined, size: 'sm' } as const
}
