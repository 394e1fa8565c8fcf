import type { InternalLinkProps } from './RichText'
/**
 * Mantine's Anchor as a typed TanStack Router link (checked `to` and `params`), made with
 * createLink as the router's documentation shows for component libraries.
 */
import { forwardRef } from 'react'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { Anchor, type AnchorProps } from '@mantine/core'
import type { AnchorElementProps } from './links'

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & AnchorElementProps>((props, ref) => <Anchor ref={ref} {...props} />)
const AnchorCreated = createLink(AnchorBase)
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <AnchorCreated preload="intent" {...props} />

/** A rich text's internal link (legal pages, FAQ answers): navigates inside the app, underlined like any link in running text. */
export function RichTextRouterLink({ href, children }: InternalLinkProps) {
  return (
    // Inline: Mantine's Typography, around rich text, turns its links' underline off.
    <AnchorLink to={href} underline="always" style={{ textDecoration: 'underline' }}>
      {children}
    </AnchorLink>
  )
}
