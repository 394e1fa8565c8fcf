import type { Translation } from '../i18n-types.js'

export default {
  join: 'Jetzt Mitglied werden',
  switchTo: 'Zu diesem Tarif wechseln',
  yourPlan: 'Dein aktueller Tarif',
  chosen: {
    title: 'Deine Wahl: {plan}',
    text: 'Weiter zur Zahlung, um Mitglied zu werden.',
    afterSignUp: 'Nachdem du deine E-Mail-Adresse bestätigt hast, geht es weiter zur Zahlung.',
    continue: 'Weiter zur Zahlung',
  },
  checkout: {
    title: 'Kasse',
    demoTitle: 'Demo-Zahlung',
    demoText: 'Diese Seite vertritt den Zahlungsanbieter: Es wird kein Geld abgebucht. Ist ein Zahlungsanbieter eingerichtet, zahlen Mitglieder dort.',
    dueNow: 'Heute fällig: {price}',
    trialThen: 'Dein Test läuft {days} Tage; danach {price} {per} ab {date}.',
    renewsThen: 'Danach {price} {per}, nächste Zahlung am {date}.',
    change: 'Du wechselst am {date} von {current} zu {plan}, am Ende des bereits bezahlten Zeitraums. Heute wird nichts berechnet.',
    pay: '{price} bezahlen',
    startTrial: 'Kostenlosen Test starten',
    confirmChange: 'Tarifwechsel bestätigen',
    back: 'Zurück zu den Tarifen',
    paid: 'Zahlung erhalten. Willkommen, du bist jetzt Mitglied!',
    changed: 'Dein Tarifwechsel ist geplant.',
  },
} satisfies Translation['billing']
