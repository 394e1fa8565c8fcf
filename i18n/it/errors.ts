import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Errore',
  generic: 'Si è verificato un errore. Il nostro team è stato avvisato',
  invalidInput: 'Questo valore non è valido.',
  notFound: 'Questo contenuto non esiste.',
  unauthorized: 'Effettua prima il login.',
  forbidden: 'Non sei autorizzato a farlo.',
  tooManyRequests: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
  // Site forms (contact, report, error feedback)
  firstNameRequired: 'Inserisci il tuo nome.',
  lastNameRequired: 'Inserisci il tuo cognome.',
  emailRequired: 'Inserisci il tuo indirizzo email.',
  emailInvalid: 'Inserisci un indirizzo email valido.',
  subjectRequired: 'Inserisci un oggetto.',
  messageRequired: 'Scrivi il tuo messaggio.',
  nameRequired: 'Inserisci il tuo nome.',
  urlRequired: 'Inserisci un URL.',
  urlInvalid: 'Inserisci un URL valido di questo sito.',
  tooManyUrls: 'Puoi segnalare al massimo 5 URL alla volta.',
  issuesRequired: 'Scegli almeno un problema.',
  descriptionRequired: 'Descrivi il problema.',
  signatureRequired: 'Firma con il tuo nome legale completo.',
  oathRequired: 'Conferma che le informazioni sono corrette.',
  feedbackRequired: 'Raccontaci cosa stavi facendo.',
  textTooLong: 'Questo testo è troppo lungo.',
} satisfies Translation['errors']
