import type { NamespaceAgeMethodsTranslation } from '../../i18n-types.js'

export default {
  card: {
    title: 'Kartenprüfung',
    demoTitle: 'Demo-Zahlungsanbieter',
    demoText:
      'Diese Seite steht für die Kartenprüfung des Zahlungsanbieters. Es wird kein Geld bewegt und nichts über die Karte gespeichert: Eine Prüfung über null Euro sagt nur, ob die Karte gültig ist und welche Art von Karte es ist.',
    why: 'Nur eine Kreditkarte zeigt, dass Sie 18 Jahre oder älter sind: Debit- und Prepaidkarten werden auch an Minderjährige ausgegeben.',
    formLabel: 'Kartendaten',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Sicherheitscode (CVC)',
    check: 'Karte prüfen',
    cancel: 'Abbrechen',
    testCards: 'Testkarten',
    testCardsHint: 'Verwenden Sie ein beliebiges Ablaufdatum in der Zukunft und drei beliebige Ziffern als Sicherheitscode.',
    testCard: '{brand}, {kind}: {outcome}',
    funding: { credit: 'Kreditkarte', debit: 'Debitkarte', prepaid: 'Prepaidkarte' },
    approved: 'angenommen',
    declined: 'abgelehnt',
    invalidLink: 'Dieser Link zur Kartenprüfung ist nicht gültig. Beginnen Sie die Altersprüfung noch einmal auf der Website.',
    backHome: 'Zurück zur Website',
    errors: {
      numberInvalid: 'Geben Sie eine gültige Kartennummer ein.',
      expiryInvalid: 'Geben Sie ein Ablaufdatum in der Zukunft ein, als MM/JJ.',
      cvcInvalid: 'Geben Sie die 3 oder 4 Ziffern des Sicherheitscodes ein.',
    },
  },
} satisfies NamespaceAgeMethodsTranslation
