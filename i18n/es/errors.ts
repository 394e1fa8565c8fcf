import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Error',
  generic: 'Se ha producido un error. Nuestro equipo ha sido notificado',
  invalidInput: 'Este valor no es válido.',
  notFound: 'Este contenido no existe.',
  unauthorized: 'Inicia sesión primero.',
  forbidden: 'No tienes permiso para hacer esto.',
  tooManyRequests: 'Demasiados intentos. Espera {seconds} segundos y vuelve a intentarlo.',
  // Site forms (contact, report, error feedback)
  firstNameRequired: 'Introduce tu nombre.',
  lastNameRequired: 'Introduce tus apellidos.',
  emailRequired: 'Introduce tu dirección de correo electrónico.',
  emailInvalid: 'Introduce una dirección de correo electrónico válida.',
  subjectRequired: 'Introduce un asunto.',
  messageRequired: 'Escribe tu mensaje.',
  nameRequired: 'Introduce tu nombre.',
  urlRequired: 'Introduce una URL.',
  urlInvalid: 'Introduce una URL válida de este sitio.',
  tooManyUrls: 'Puedes denunciar como máximo 5 URL a la vez.',
  issuesRequired: 'Elige al menos un problema.',
  descriptionRequired: 'Describe el problema.',
  signatureRequired: 'Firma con tu nombre legal completo.',
  oathRequired: 'Confirma que la información es correcta.',
  feedbackRequired: 'Cuéntanos qué estabas haciendo.',
  textTooLong: 'Este texto es demasiado largo.',
} satisfies Translation['errors']
