import type { Translation } from '../i18n-types.js'

export default {
  showAll: 'Alle anzeigen',
  close: 'Schließen',
  cancel: 'Abbrechen',
  save: 'Speichern',
  send: 'Senden',
  back: 'Zurück',
} satisfies Translation['common']
