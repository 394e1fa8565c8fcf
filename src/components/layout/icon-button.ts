import b from './IconButton.module.css'

/** The classes of a square icon button (IconButton.module.css), with Mantine's focus ring and press effect. */
export const ICON_BUTTON = `mantine-focus-auto mantine-active ${b.iconButton}`
