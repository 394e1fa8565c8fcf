import { Group } from '@mantine/core'
import { useLocation } from '@tanstack/react-router'
import type { ComponentProps } from 'react'
import { ButtonLink } from './links'

export interface SectionLink {
  to: NonNullable<ComponentProps<typeof ButtonLink>['to']>
  label: string
  /** Another path whose pages belong to this section. */
  also?: string
}

/**
 * An area's sections as a row of buttons (a landmark of its own; wraps on a phone), the one the
 * page is in (its path or a path below it) filled and marked current. `nested`: a menu under
 * another one (the inbox's lists under the console's), drawn lighter.
 */
export function SectionNav({ label, links, nested = false }: { label: string; links: readonly SectionLink[]; nested?: boolean }) {
  const { pathname } = useLocation()
  return (
    <Group component="nav" aria-label={label} gap="xs" mb={nested ? undefined : 'lg'}>
      {links.map((link) => {
        const current = pathname.startsWith(link.to) || (link.also !== undefined && pathname.startsWith(link.also))
        const variant = nested ? (current ? 'light' : 'subtle') : current ? 'filled' : 'default'
        return (
          <ButtonLink key={link.to} to={link.to} variant={variant} aria-current={current ? 'page' : undefined} size="sm" mih={44}>
            {link.label}
          </ButtonLink>
        )
      })}
    </Group>
  )
}
