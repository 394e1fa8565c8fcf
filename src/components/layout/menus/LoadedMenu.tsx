import { Menu, type MenuProps } from '@mantine/core'
import { cloneElement, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { LoadedMenuProps } from '../DeferredMenu'

/** A deferred header menu once its code is here: Mantine's Menu around the stand-in's button. */
export function LoadedMenu({ target, openAtStart, takeFocus, children, ...menu }: LoadedMenuProps & Omit<MenuProps, 'children'> & { children: ReactNode }) {
  const button = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (takeFocus()) button.current?.focus()
  }, [takeFocus])
  return (
    <Menu defaultOpened={openAtStart} {...menu}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
