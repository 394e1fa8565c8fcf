import b from './plain-button.module.css'

/** The label's class inside a plain button: `<button className={plainButton()}><span className={PLAIN_BUTTON_LABEL}>…</span></button>`. */
export const PLAIN_BUTTON_LABEL = b.label

/** The classes of a button or link that looks like Mantine's Button (size sm), with its focus ring and press effect. */
export function plainButton(variant: 'filled' | 'default' = 'filled', options: { narrow?: boolean; className?: string } = {}): string {
  return ['mantine-focus-auto mantine-active', b.button, b[variant], options.narrow && b.narrow, options.className].filter(Boolean).join(' ')
}
