import type { NamespaceMailTranslation } from '../../i18n-types.js'

export default {
  greeting: 'Hola:',
  signature: 'El equipo de Streamclub',
  verify: {
    subject: 'Confirma tu correo electrónico',
    text: 'gracias por registrarte en Streamclub. Confirma tu correo electrónico con este enlace:',
    action: 'Confirmar correo electrónico',
    note: 'El enlace es válido durante 24 horas. Si no te has registrado en Streamclub, puedes ignorar este correo.',
  },
  reset: {
    subject: 'Elige una nueva contraseña',
    text: 'se ha solicitado restablecer la contraseña de tu cuenta de Streamclub. Elige una nueva contraseña con este enlace:',
    action: 'Elegir una nueva contraseña',
    note: 'El enlace es válido durante una hora y funciona una sola vez. Si no lo has solicitado, ignora este correo: tu contraseña no cambia.',
  },
  exists: {
    subject: 'Ya tienes una cuenta de Streamclub',
    text: 'alguien, probablemente tú, acaba de intentar registrarse en Streamclub con esta dirección de correo. Ya tienes una cuenta con ella. Si no recuerdas tu contraseña, elige una nueva aquí:',
    action: 'Restablecer la contraseña',
    note: 'Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.',
  },
} satisfies NamespaceMailTranslation
