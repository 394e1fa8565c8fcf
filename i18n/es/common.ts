import type { Translation } from '../i18n-types.js'

export default {
  showAll: 'Ver todo',
  close: 'Cerrar',
  cancel: 'Cancelar',
  save: 'Guardar',
  send: 'Enviar',
  back: 'Volver',
} satisfies Translation['common']
