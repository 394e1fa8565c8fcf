import type { Translation } from '../i18n-types.js'

export default {
  join: 'Hazte miembro',
  switchTo: 'Cambiar a este plan',
  yourPlan: 'Tu plan actual',
  chosen: {
    title: 'Tu elección: {plan}',
    text: 'Continúa con el pago para hacerte miembro.',
    afterSignUp: 'Después de confirmar tu dirección de correo electrónico, continuarás con el pago.',
    continue: 'Continuar con el pago',
  },
  checkout: {
    title: 'Pago',
    demoTitle: 'Pago de demostración',
    demoText: 'Esta página sustituye al proveedor de pagos: no se cobra dinero. Cuando hay un proveedor de pagos configurado, los miembros pagan allí.',
    dueNow: 'A pagar hoy: {price}',
    trialThen: 'Tu prueba dura {days} días; después {price} {per} a partir del {date}.',
    renewsThen: 'Después {price} {per}, el próximo cobro el {date}.',
    change: 'Cambias de {current} a {plan} el {date}, al final del periodo que ya has pagado. Hoy no se cobra nada.',
    pay: 'Pagar {price}',
    startTrial: 'Empezar la prueba gratuita',
    confirmChange: 'Confirmar el cambio de plan',
    back: 'Volver a los planes',
    paid: 'Pago recibido. ¡Bienvenido, ya eres miembro!',
    changed: 'Tu cambio de plan está programado.',
  },
} satisfies Translation['billing']
