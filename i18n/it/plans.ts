import type { Translation } from '../i18n-types.js'

export default {
  period: {
    monthly: 'Mensile',
    yearly: 'Annuale',
    biyearly: 'Ogni due anni',
  },
  per: {
    monthly: 'al mese',
    yearly: 'ogni 12 mesi',
    biyearly: 'ogni 24 mesi',
  },
  perMonth: 'solo {price} al mese',
  trial: 'Prova {days} giorni a {price}, poi {regular}',
  trialFree: 'Prova gratis per {days} giorni, poi {regular}',
  regular: '{price} {per}',
  mostPopular: 'Il più popolare',
  features: {
    fullCatalog: 'Tutti i video e le gallerie di immagini',
    hd: 'Streaming in Full HD',
    uhd: 'Streaming fino a 4K UHD',
    fullPreviews: 'Anteprime a piena risoluzione e visualizzatore di immagini',
    downloads: 'Download: {limit} al giorno',
    newWeekly: 'Nuovi contenuti ogni settimana',
    cancelAnytime: 'Disdici quando vuoi',
  },
  select: {
    intro: "Scegli l'abbonamento più adatto a te. Tutti i prezzi includono l'IVA.",
    empty: 'Al momento non ci sono abbonamenti disponibili.',
  },
  page: {
    title: 'Il mio piano',
    none: 'Non hai ancora un abbonamento.',
    admin: 'Amministratore: hai accesso completo senza piano.',
    permanentAccess: 'Hai accesso permanente senza piano.',
    current: 'Il tuo piano: {plan} ({period})',
    renews: 'Si rinnova il {date}.',
    trialUntil: 'Periodo di prova fino al {date}.',
    downgrade: 'Il tuo piano passa a {plan} il {date}.',
    cancelled: 'Il tuo abbonamento è disdetto e termina il {date}.',
    changePlan: 'Cambia piano',
    pendingHint: 'È già programmata una modifica; potrai cambiare di nuovo piano quando sarà entrata in vigore.',
    selectPlan: 'Scegli un piano',
    changePaymentMethod: 'Cambia metodo di pagamento',
    cancel: "Annulla l'abbonamento",
    externalHint: '(apre il fornitore di pagamento)',
  },
} satisfies Translation['plans']
