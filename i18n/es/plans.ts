import type { Translation } from '../i18n-types.js'

export default {
  period: {
    monthly: 'Mensual',
    yearly: 'Anual',
    biyearly: 'Cada dos años',
  },
  per: {
    monthly: 'al mes',
    yearly: 'cada 12 meses',
    biyearly: 'cada 24 meses',
  },
  perMonth: 'solo {price} al mes',
  trial: 'Prueba {days} días por {price}, después {regular}',
  trialFree: 'Prueba {days} días gratis, después {regular}',
  regular: '{price} {per}',
  mostPopular: 'El más popular',
  features: {
    fullCatalog: 'Todos los vídeos y galerías de imágenes',
    hd: 'Streaming en Full HD',
    uhd: 'Streaming hasta 4K UHD',
    fullPreviews: 'Vistas previas en resolución completa y visor de imágenes',
    downloads: 'Descargas: {limit} al día',
    newWeekly: 'Contenido nuevo cada semana',
    cancelAnytime: 'Cancela cuando quieras',
  },
  select: {
    intro: 'Elige la suscripción que más te convenga. Todos los precios incluyen IVA.',
    empty: 'En este momento no hay suscripciones disponibles.',
  },
  page: {
    title: 'Mi plan',
    none: 'Todavía no tienes ninguna suscripción.',
    admin: 'Administrador: tienes acceso completo sin plan.',
    permanentAccess: 'Tienes acceso permanente sin plan.',
    current: 'Tu plan: {plan} ({period})',
    renews: 'Se renueva el {date}.',
    trialUntil: 'Periodo de prueba hasta el {date}.',
    downgrade: 'Tu plan cambia a {plan} el {date}.',
    cancelled: 'Tu suscripción está cancelada y termina el {date}.',
    changePlan: 'Cambiar de plan',
    pendingHint: 'Ya hay un cambio programado; podrás volver a cambiar de plan cuando se haya aplicado.',
    selectPlan: 'Elegir un plan',
    changePaymentMethod: 'Cambiar el método de pago',
    cancel: 'Cancelar la membresía',
    externalHint: '(abre el proveedor de pagos)',
  },
} satisfies Translation['plans']
