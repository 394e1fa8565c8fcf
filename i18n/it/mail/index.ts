import type { NamespaceMailTranslation } from '../../i18n-types.js'

export default {
  greeting: 'Ciao,',
  signature: 'Il team di Streamclub',
  verify: {
    subject: 'Conferma il tuo indirizzo e-mail',
    text: 'grazie per esserti registrato su Streamclub. Conferma il tuo indirizzo e-mail con questo link:',
    action: 'Conferma indirizzo e-mail',
    note: 'Il link è valido per 24 ore. Se non ti sei registrato su Streamclub, puoi ignorare questa e-mail.',
  },
  reset: {
    subject: 'Scegli una nuova password',
    text: 'è stato richiesto il ripristino della password del tuo account Streamclub. Scegli una nuova password con questo link:',
    action: 'Scegli una nuova password',
    note: "Il link è valido per un'ora e funziona una sola volta. Se non l'hai richiesto, ignora questa e-mail: la tua password resta invariata.",
  },
  exists: {
    subject: 'Hai già un account Streamclub',
    text: 'qualcuno, probabilmente tu, ha appena provato a registrarsi su Streamclub con questo indirizzo e-mail. Hai già un account con questo indirizzo. Se non ricordi più la password, scegline una nuova qui:',
    action: 'Reimposta la password',
    note: 'Se non sei stato tu, ignora questa e-mail: nel tuo account non è cambiato nulla.',
  },
} satisfies NamespaceMailTranslation
