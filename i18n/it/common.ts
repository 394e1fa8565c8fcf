import type { Translation } from '../i18n-types.js'

export default {
  showAll: 'Mostra tutto',
  close: 'Chiudi',
  cancel: 'Annulla',
  save: 'Salva',
  send: 'Invia',
  back: 'Indietro',
} satisfies Translation['common']
