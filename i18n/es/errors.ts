import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Error',
  generic: 'Se ha producido un error. Nuestro equipo ha sido notificado',
  invalidInput: 'Este valor no es válido.',
  notFound: 'Este contenido no existe.',
  unauthorized: 'Inicia sesión primero.',
  forbidden: 'No tienes permiso para hacer esto.',
  tooManyRequests: 'Demasiados intentos. Espera {seconds} segundos y vuelve a intentarlo.',
  invalidLocale: 'Este idioma no está disponible.',
  invalidId: 'Este identificador no es válido.',
  invalidFilter: 'Este valor de filtro no es válido.',
  invalidRelation: 'Esta relación no se puede cargar con la lista.',
  tooManyValues: 'Se han indicado demasiados valores.',
  invalidSearch: 'El texto de búsqueda no es válido.',
  searchTooLong: 'El texto de búsqueda es demasiado largo.',
} satisfies Translation['errors']
