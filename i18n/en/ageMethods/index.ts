import type { BaseTranslation } from '../../i18n-types.js'

/** Pages of the age-verification methods: the demo processor's card check. */
const en_ageMethods = {
  card: {
    title: 'Card check',
    demoTitle: 'Demo processor',
    demoText:
      'This page stands in for the payment processor’s card check. No money is moved and nothing about the card is kept: a check of zero amount says only whether the card is valid and what kind of card it is.',
    why: 'Only a credit card shows that you are 18 or older: debit and prepaid cards are also issued to minors.',
    formLabel: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    check: 'Check card',
    cancel: 'Cancel',
    testCards: 'Test cards',
    testCardsHint: 'Use any expiry date in the future and any three digits as the security code.',
    testCard: '{brand:string}, {kind:string}: {outcome:string}',
    funding: { credit: 'credit card', debit: 'debit card', prepaid: 'prepaid card' },
    approved: 'accepted',
    declined: 'declined',
    invalidLink: 'This card check link is not valid. Start the age check again from the site.',
    backHome: 'Back to the site',
    errors: {
      numberInvalid: 'Enter a valid card number.',
      expiryInvalid: 'Enter an expiry date in the future, as MM/YY.',
      cvcInvalid: 'Enter the 3 or 4 digits of the security code.',
    },
  },
} satisfies BaseTranslation

export default en_ageMethods
