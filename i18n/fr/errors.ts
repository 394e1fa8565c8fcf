import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Erreur',
  generic: 'Une erreur est survenue. Notre équipe a été prévenue',
  invalidInput: "Cette valeur n'est pas valide.",
  notFound: "Ce contenu n'existe pas.",
  unauthorized: "Veuillez d'abord vous connecter.",
  forbidden: "Vous n'êtes pas autorisé à faire cela.",
  tooManyRequests: 'Trop de tentatives. Veuillez patienter {seconds} secondes et réessayer.',
} satisfies Translation['errors']
