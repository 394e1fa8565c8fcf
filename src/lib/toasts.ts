import { notifications } from '@mantine/notifications'
import { translations } from './locale.js'

/** Toast durations of spec section 9. */
export const TOAST_MS = { short: 3000, long: 5000 } as const

/** Every toast's close button is named in the page's language (screen readers, axe). */
const closeButton = () => ({ closeButtonProps: { 'aria-label': translations().common.close() } })

export function showGenericError(): void {
  const t = translations()
  notifications.show({
    ...closeButton(),
    id: 'generic-error',
    title: t.errors.genericTitle(),
    message: t.errors.generic(),
    color: 'red',
    autoClose: TOAST_MS.long,
  })
}

export function showSuccess(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  notifications.show({ ...closeButton(), title, message, color: 'teal', autoClose })
}

export function showWarning(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  notifications.show({ ...closeButton(), title, message, color: 'yellow', autoClose })
}

export function showError(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  notifications.show({ ...closeButton(), title, message, color: 'red', autoClose })
}
