import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Error',
  generic: 'Se ha producido un error. Nuestro equipo ha sido notificado',
  invalidInput: 'Este valor no es válido.',
  notFound: 'Este contenido no existe.',
  unauthorized: 'Inicia sesión primero.',
  forbidden: 'No tienes permiso para hacer esto.',
  tooManyRequests: 'Demasiados intentos. Espera {seconds} segundos y vuelve a intentarlo.',
} satisfies Translation['errors']
