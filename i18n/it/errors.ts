import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Errore',
  generic: 'Si è verificato un errore. Il nostro team è stato avvisato',
  invalidInput: 'Questo valore non è valido.',
  notFound: 'Questo contenuto non esiste.',
  unauthorized: 'Effettua prima il login.',
  forbidden: 'Non sei autorizzato a farlo.',
  tooManyRequests: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
} satisfies Translation['errors']
