import type { Translation } from '../i18n-types.js'

export default {
  join: 'Devenir membre',
  switchTo: 'Passer à cet abonnement',
  yourPlan: 'Votre abonnement actuel',
  chosen: {
    title: 'Votre choix : {plan}',
    text: 'Passez au paiement pour devenir membre.',
    afterSignUp: 'Après avoir confirmé votre adresse e-mail, vous passerez au paiement.',
    continue: 'Passer au paiement',
  },
  checkout: {
    title: 'Paiement',
    demoTitle: 'Paiement de démonstration',
    demoText:
      "Cette page remplace le prestataire de paiement : aucun argent n'est débité. Lorsqu'un prestataire de paiement est configuré, les membres paient chez lui.",
    dueNow: "À payer aujourd'hui : {price}",
    trialThen: 'Votre essai dure {days} jours ; ensuite {price} {per} à partir du {date}.',
    renewsThen: 'Ensuite {price} {per}, prochain prélèvement le {date}.',
    change: "Vous passez de {current} à {plan} le {date}, à la fin de la période déjà payée. Rien n'est débité aujourd'hui.",
    pay: 'Payer {price}',
    startTrial: "Commencer l'essai gratuit",
    confirmChange: "Confirmer le changement d'abonnement",
    back: 'Retour aux abonnements',
    paid: 'Paiement reçu. Bienvenue, vous êtes maintenant membre !',
    changed: "Votre changement d'abonnement est prévu.",
  },
} satisfies Translation['billing']
