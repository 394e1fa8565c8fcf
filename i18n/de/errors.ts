import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Fehler',
  generic: 'Ein Fehler ist aufgetreten. Unser Team wurde benachrichtigt',
  invalidInput: 'Dieser Wert ist ungültig.',
  notFound: 'Diesen Inhalt gibt es nicht.',
  unauthorized: 'Bitte melde dich zuerst an.',
  forbidden: 'Dazu bist du nicht berechtigt.',
  tooManyRequests: 'Zu viele Versuche. Bitte warte {seconds} Sekunden und versuche es erneut.',
} satisfies Translation['errors']
