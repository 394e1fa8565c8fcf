import type { NamespaceAgeMethodsTranslation } from '../../i18n-types.js'

export default {
  card: {
    title: 'Comprobación de tarjeta',
    demoTitle: 'Procesador de pagos de demostración',
    demoText:
      'Esta página sustituye a la comprobación de tarjeta del procesador de pagos. No se mueve dinero y no se guarda nada de la tarjeta: una comprobación por importe cero solo indica si la tarjeta es válida y de qué tipo es.',
    why: 'Solo una tarjeta de crédito demuestra que tienes 18 años o más: las tarjetas de débito y prepago también se emiten a menores.',
    formLabel: 'Datos de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Fecha de caducidad (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    check: 'Comprobar tarjeta',
    cancel: 'Cancelar',
    testCards: 'Tarjetas de prueba',
    testCardsHint: 'Usa cualquier fecha de caducidad futura y tres dígitos cualesquiera como código de seguridad.',
    testCard: '{brand}, {kind}: {outcome}',
    funding: { credit: 'tarjeta de crédito', debit: 'tarjeta de débito', prepaid: 'tarjeta prepago' },
    approved: 'aceptada',
    declined: 'rechazada',
    invalidLink: 'Este enlace de comprobación de tarjeta no es válido. Vuelve a iniciar la verificación de edad desde el sitio.',
    backHome: 'Volver al sitio',
    errors: {
      numberInvalid: 'Introduce un número de tarjeta válido.',
      expiryInvalid: 'Introduce una fecha de caducidad futura, como MM/AA.',
      cvcInvalid: 'Introduce los 3 o 4 dígitos del código de seguridad.',
    },
  },
} satisfies NamespaceAgeMethodsTranslation
