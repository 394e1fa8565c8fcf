import type { InternalLinkProps } from './RichText'
/**
 * Mantine components as typed TanStack Router links (checked `to` and `params`), made with
 * createLink as the router's documentation shows for component libraries.
 */
import { forwardRef } from 'react'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core'

type AnchorElementProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'color' | 'style'>

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & AnchorElementProps>((props, ref) => <Anchor ref={ref} {...props} />)
const AnchorCreated = createLink(AnchorBase)
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <AnchorCreated preload="intent" {...props} />

const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & AnchorElementProps>((props, ref) => <Button component="a" ref={ref} {...props} />)
const ButtonCreated = createLink(ButtonBase)
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <ButtonCreated preload="intent" {...props} />

/** A rich text's internal link (legal pages, FAQ answers): navigates inside the app, underlined like any link in running text. */
export function RichTextRouterLink({ href, children }: InternalLinkProps) {
  return (
    // Inline: Mantine's Typography, around rich text, turns its links' underline off.
    <AnchorLink to={href} underline="always" style={{ textDecoration: 'underline' }}>
      {children}
    </AnchorLink>
  )
}
