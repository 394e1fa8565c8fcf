import type { NamespaceAgeMethodsTranslation } from '../../i18n-types.js'

export default {
  card: {
    title: 'Verifica della carta',
    demoTitle: 'Gestore dei pagamenti dimostrativo',
    demoText:
      'Questa pagina sostituisce la verifica della carta del gestore dei pagamenti. Non viene addebitato denaro e non viene conservato nulla della carta: una verifica di importo zero dice solo se la carta è valida e di che tipo è.',
    why: 'Solo una carta di credito dimostra che hai almeno 18 anni: le carte di debito e prepagate vengono rilasciate anche ai minori.',
    formLabel: 'Dati della carta',
    number: 'Numero della carta',
    expiry: 'Data di scadenza (MM/AA)',
    cvc: 'Codice di sicurezza (CVC)',
    check: 'Verifica la carta',
    cancel: 'Annulla',
    testCards: 'Carte di prova',
    testCardsHint: 'Usa una qualsiasi data di scadenza futura e tre cifre qualsiasi come codice di sicurezza.',
    testCard: '{brand}, {kind}: {outcome}',
    funding: { credit: 'carta di credito', debit: 'carta di debito', prepaid: 'carta prepagata' },
    approved: 'accettata',
    declined: 'rifiutata',
    invalidLink: 'Questo link per la verifica della carta non è valido. Ricomincia la verifica dell’età dal sito.',
    backHome: 'Torna al sito',
    errors: {
      numberInvalid: 'Inserisci un numero di carta valido.',
      expiryInvalid: 'Inserisci una data di scadenza futura, nel formato MM/AA.',
      cvcInvalid: 'Inserisci le 3 o 4 cifre del codice di sicurezza.',
    },
  },
} satisfies NamespaceAgeMethodsTranslation
