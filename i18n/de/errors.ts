import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Fehler',
  generic: 'Ein Fehler ist aufgetreten. Unser Team wurde benachrichtigt',
  invalidInput: 'Dieser Wert ist ungültig.',
  notFound: 'Diesen Inhalt gibt es nicht.',
  unauthorized: 'Bitte melde dich zuerst an.',
  forbidden: 'Dazu bist du nicht berechtigt.',
  tooManyRequests: 'Zu viele Versuche. Bitte warte {seconds} Sekunden und versuche es erneut.',
  invalidLocale: 'Diese Sprache wird nicht unterstützt.',
  invalidId: 'Das ist keine gültige ID.',
  invalidFilter: 'Dieser Filterwert ist ungültig.',
  invalidRelation: 'Diese Beziehung kann mit der Liste nicht geladen werden.',
  tooManyValues: 'Es wurden zu viele Werte angegeben.',
  invalidSearch: 'Der Suchtext ist ungültig.',
  searchTooLong: 'Der Suchtext ist zu lang.',
} satisfies Translation['errors']
