import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Errore',
  generic: 'Si è verificato un errore. Il nostro team è stato avvisato',
  invalidInput: 'Questo valore non è valido.',
  notFound: 'Questo contenuto non esiste.',
  unauthorized: 'Effettua prima il login.',
  forbidden: 'Non sei autorizzato a farlo.',
  tooManyRequests: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
  invalidLocale: 'Questa lingua non è supportata.',
  invalidId: 'Questo non è un ID valido.',
  invalidFilter: 'Questo valore di filtro non è valido.',
  invalidRelation: 'Questa relazione non può essere caricata con l’elenco.',
  tooManyValues: 'Sono stati indicati troppi valori.',
  invalidSearch: 'Il testo di ricerca non è valido.',
  searchTooLong: 'Il testo di ricerca è troppo lungo.',
} satisfies Translation['errors']
