import type { NamespaceMailTranslation } from '../../i18n-types.js'

export default {
  greeting: 'Hallo,',
  signature: 'Dein Streamclub-Team',
  verify: {
    subject: 'Bestätige deine E-Mail-Adresse',
    text: 'danke für deine Registrierung bei Streamclub. Bitte bestätige deine E-Mail-Adresse mit diesem Link:',
    action: 'E-Mail-Adresse bestätigen',
    note: 'Der Link ist 24 Stunden gültig. Wenn du dich nicht bei Streamclub registriert hast, kannst du diese E-Mail ignorieren.',
  },
  reset: {
    subject: 'Wähle ein neues Passwort',
    text: 'für dein Streamclub-Konto wurde ein neues Passwort angefordert. Mit diesem Link wählst du ein neues Passwort:',
    action: 'Neues Passwort wählen',
    note: 'Der Link ist eine Stunde gültig und funktioniert einmal. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  },
  exists: {
    subject: 'Du hast bereits ein Streamclub-Konto',
    text: 'jemand, wahrscheinlich du, wollte sich gerade mit dieser E-Mail-Adresse bei Streamclub registrieren. Du hast damit bereits ein Konto. Wenn du dein Passwort nicht mehr weißt, wähle hier ein neues:',
    action: 'Passwort zurücksetzen',
    note: 'Wenn du es nicht warst, ignoriere diese E-Mail: An deinem Konto hat sich nichts geändert.',
  },
} satisfies NamespaceMailTranslation
