import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Erreur',
  generic: 'Une erreur est survenue. Notre équipe a été prévenue',
  invalidInput: "Cette valeur n'est pas valide.",
  notFound: "Ce contenu n'existe pas.",
  unauthorized: "Veuillez d'abord vous connecter.",
  forbidden: "Vous n'êtes pas autorisé à faire cela.",
  tooManyRequests: 'Trop de tentatives. Veuillez patienter {seconds} secondes et réessayer.',
  // Site forms (contact, report, error feedback)
  firstNameRequired: 'Veuillez saisir votre prénom.',
  lastNameRequired: 'Veuillez saisir votre nom.',
  emailRequired: 'Veuillez saisir votre adresse e-mail.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide.',
  subjectRequired: 'Veuillez saisir un objet.',
  messageRequired: 'Veuillez saisir votre message.',
  nameRequired: 'Veuillez saisir votre nom.',
  urlRequired: 'Veuillez saisir une URL.',
  urlInvalid: 'Veuillez saisir une URL valide de ce site.',
  tooManyUrls: 'Vous pouvez signaler au maximum 5 URL à la fois.',
  issuesRequired: 'Veuillez choisir au moins un problème.',
  descriptionRequired: 'Veuillez décrire le problème.',
  signatureRequired: 'Veuillez signer avec vos nom et prénom légaux complets.',
  oathRequired: 'Veuillez confirmer que les informations sont exactes.',
  feedbackRequired: 'Veuillez nous dire ce que vous faisiez.',
  textTooLong: 'Ce texte est trop long.',
} satisfies Translation['errors']
