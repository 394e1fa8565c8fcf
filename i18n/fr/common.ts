import type { Translation } from '../i18n-types.js'

export default {
  showAll: 'Tout afficher',
  close: 'Fermer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  send: 'Envoyer',
  back: 'Retour',
} satisfies Translation['common']
