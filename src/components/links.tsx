/**
 * Mantine's Button as a typed TanStack Router link (checked `to` and `params`), made with
 * createLink as the router's documentation shows for component libraries. Anchors are in
 * anchor-links.tsx: the header and the age gate need only this one, in every page's script.
 */
import { forwardRef } from 'react'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { Button, type ButtonProps } from '@mantine/core'

export type AnchorElementProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'color' | 'style'>

const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & AnchorElementProps>((props, ref) => <Button component="a" ref={ref} {...props} />)
const ButtonCreated = createLink(ButtonBase)
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <ButtonCreated preload="intent" {...props} />
