import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Fehler',
  generic: 'Ein Fehler ist aufgetreten. Unser Team wurde benachrichtigt',
  invalidInput: 'Dieser Wert ist ungültig.',
  notFound: 'Diesen Inhalt gibt es nicht.',
  unauthorized: 'Bitte melde dich zuerst an.',
  forbidden: 'Dazu bist du nicht berechtigt.',
  tooManyRequests: 'Zu viele Versuche. Bitte warte {seconds} Sekunden und versuche es erneut.',
  // Site forms (contact, report, error feedback)
  firstNameRequired: 'Bitte gib deinen Vornamen ein.',
  lastNameRequired: 'Bitte gib deinen Nachnamen ein.',
  emailRequired: 'Bitte gib deine E-Mail-Adresse ein.',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  subjectRequired: 'Bitte gib einen Betreff ein.',
  messageRequired: 'Bitte gib deine Nachricht ein.',
  nameRequired: 'Bitte gib deinen Namen ein.',
  urlRequired: 'Bitte gib eine URL ein.',
  urlInvalid: 'Bitte gib eine gültige URL dieser Website ein.',
  tooManyUrls: 'Du kannst höchstens 5 URLs auf einmal melden.',
  issuesRequired: 'Bitte wähle mindestens ein Problem aus.',
  descriptionRequired: 'Bitte beschreibe das Problem.',
  signatureRequired: 'Bitte unterschreibe mit deinem vollständigen bürgerlichen Namen.',
  oathRequired: 'Bitte bestätige, dass die Angaben richtig sind.',
  feedbackRequired: 'Bitte beschreibe, was du getan hast.',
  textTooLong: 'Dieser Text ist zu lang.',
} satisfies Translation['errors']
