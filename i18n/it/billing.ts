import type { Translation } from '../i18n-types.js'

export default {
  join: 'Diventa membro',
  switchTo: 'Passa a questo piano',
  yourPlan: 'Il tuo piano attuale',
  chosen: {
    title: 'La tua scelta: {plan}',
    text: 'Procedi al pagamento per diventare membro.',
    afterSignUp: 'Dopo aver confermato il tuo indirizzo email, procederai al pagamento.',
    continue: 'Procedi al pagamento',
  },
  checkout: {
    title: 'Pagamento',
    demoTitle: 'Pagamento dimostrativo',
    demoText:
      'Questa pagina sostituisce il fornitore di pagamento: non viene addebitato denaro. Quando è configurato un fornitore di pagamento, i membri pagano lì.',
    dueNow: 'Da pagare oggi: {price}',
    trialThen: 'La tua prova dura {days} giorni; poi {price} {per} dal {date}.',
    renewsThen: 'Poi {price} {per}, prossimo addebito il {date}.',
    change: 'Passi da {current} a {plan} il {date}, alla fine del periodo già pagato. Oggi non viene addebitato nulla.',
    pay: 'Paga {price}',
    startTrial: 'Inizia la prova gratuita',
    confirmChange: 'Conferma il cambio di piano',
    back: 'Torna ai piani',
    paid: 'Pagamento ricevuto. Benvenuto, ora sei un membro!',
    changed: 'Il tuo cambio di piano è programmato.',
  },
} satisfies Translation['billing']
