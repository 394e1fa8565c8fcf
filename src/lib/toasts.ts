import type { NotificationData } from '@mantine/notifications'
import { translations } from './locale.js'

/** Toast durations of spec section 9. */
export const TOAST_MS = { short: 3000, long: 5000 } as const

/**
 * Toasts come after something the visitor did, never with the first page, so their code
 * (@mantine/notifications) loads with the first toast, and the root mounts their container
 * once one was asked for (`useToastsWanted`).
 */
let wanted = false
const listeners = new Set<() => void>()

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const toastsWanted = (): boolean => wanted

function show(data: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => {
    if (!wanted) {
      wanted = true
      for (const listener of listeners) listener()
    }
    notifications.show(data)
  })
}

/** Every toast's close button is named in the page's language (screen readers, axe). */
const closeButton = () => ({ closeButtonProps: { 'aria-label': translations().common.close() } })

export function showGenericError(): void {
  const t = translations()
  show({
    ...closeButton(),
    id: 'generic-error',
    title: t.errors.genericTitle(),
    message: t.errors.generic(),
    color: 'red',
    autoClose: TOAST_MS.long,
  })
}

export function showSuccess(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  show({ ...closeButton(), title, message, color: 'teal', autoClose })
}

export function showWarning(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  show({ ...closeButton(), title, message, color: 'yellow', autoClose })
}

export function showError(message: string, title?: string, autoClose: number = TOAST_MS.short): void {
  show({ ...closeButton(), title, message, color: 'red', autoClose })
}
