import { forwardRef } from 'react'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { Menu, type MenuItemProps } from '@mantine/core'

type AnchorElementProps = Omit<React.ComponentPropsWithoutRef<'a'>, 'color' | 'style'>

/** Mantine's menu item as a typed TanStack Router link (only the deferred menus load Menu). */
const MenuItemBase = forwardRef<HTMLAnchorElement, MenuItemProps & AnchorElementProps>((props, ref) => <Menu.Item component="a" ref={ref} {...props} />)
const MenuItemCreated = createLink(MenuItemBase)
export const MenuItemLink: LinkComponent<typeof MenuItemBase> = (props) => <MenuItemCreated {...props} />
