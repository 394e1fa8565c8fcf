import type { Translation } from '../i18n-types.js'

export default {
  period: {
    monthly: 'Mensuel',
    yearly: 'Annuel',
    biyearly: 'Tous les deux ans',
  },
  per: {
    monthly: 'par mois',
    yearly: 'pour 12 mois',
    biyearly: 'pour 24 mois',
  },
  perMonth: 'seulement {price} par mois',
  trial: 'Essai de {days} jours pour {price}, puis {regular}',
  trialFree: 'Essai gratuit de {days} jours, puis {regular}',
  regular: '{price} {per}',
  mostPopular: 'Le plus populaire',
  features: {
    fullCatalog: "Toutes les vidéos et séries d'images",
    hd: 'Streaming en Full HD',
    uhd: "Streaming jusqu'en 4K UHD",
    fullPreviews: "Aperçus en pleine résolution et visionneuse d'images",
    downloads: 'Téléchargements : {limit} par jour',
    newWeekly: 'Nouveaux contenus chaque semaine',
    cancelAnytime: 'Résiliable à tout moment',
  },
  select: {
    intro: "Choisissez l'abonnement qui vous convient. Tous les prix sont TTC.",
    empty: "Aucun abonnement n'est disponible pour le moment.",
  },
  page: {
    title: 'Mon abonnement',
    none: "Vous n'avez pas encore d'abonnement.",
    admin: 'Administrateur : vous avez un accès complet sans abonnement.',
    permanentAccess: 'Vous avez un accès permanent sans abonnement.',
    current: 'Votre abonnement : {plan} ({period})',
    renews: 'Renouvellement le {date}.',
    trialUntil: "Période d'essai jusqu'au {date}.",
    downgrade: 'Votre abonnement passe à {plan} le {date}.',
    cancelled: 'Votre abonnement est résilié et prend fin le {date}.',
    changePlan: "Changer d'abonnement",
    pendingHint: "Un changement est déjà prévu ; vous pourrez à nouveau changer d'abonnement une fois qu'il aura pris effet.",
    selectPlan: 'Choisir un abonnement',
    changePaymentMethod: 'Changer de moyen de paiement',
    cancel: "Résilier l'abonnement",
    externalHint: '(ouvre le prestataire de paiement)',
  },
} satisfies Translation['plans']
