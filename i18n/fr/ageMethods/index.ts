import type { NamespaceAgeMethodsTranslation } from '../../i18n-types.js'

export default {
  card: {
    title: 'Vérification de carte',
    demoTitle: 'Prestataire de paiement de démonstration',
    demoText:
      'Cette page remplace la vérification de carte du prestataire de paiement. Aucun argent n’est débité et rien de la carte n’est conservé : une vérification d’un montant nul indique seulement si la carte est valide et de quel type elle est.',
    why: 'Seule une carte de crédit montre que vous avez 18 ans ou plus : les cartes de débit et prépayées sont aussi délivrées à des mineurs.',
    formLabel: 'Données de la carte',
    number: 'Numéro de carte',
    expiry: 'Date d’expiration (MM/AA)',
    cvc: 'Code de sécurité (CVC)',
    check: 'Vérifier la carte',
    cancel: 'Annuler',
    testCards: 'Cartes de test',
    testCardsHint: 'Utilisez n’importe quelle date d’expiration future et trois chiffres quelconques comme code de sécurité.',
    testCard: '{brand}, {kind} : {outcome}',
    funding: { credit: 'carte de crédit', debit: 'carte de débit', prepaid: 'carte prépayée' },
    approved: 'acceptée',
    declined: 'refusée',
    invalidLink: 'Ce lien de vérification de carte n’est pas valide. Recommencez la vérification de l’âge depuis le site.',
    backHome: 'Retour au site',
    errors: {
      numberInvalid: 'Saisissez un numéro de carte valide.',
      expiryInvalid: 'Saisissez une date d’expiration future, au format MM/AA.',
      cvcInvalid: 'Saisissez les 3 ou 4 chiffres du code de sécurité.',
    },
  },
} satisfies NamespaceAgeMethodsTranslation
