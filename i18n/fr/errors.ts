import type { Translation } from '../i18n-types.js'

export default {
  genericTitle: 'Erreur',
  generic: 'Une erreur est survenue. Notre équipe a été prévenue',
  invalidInput: "Cette valeur n'est pas valide.",
  notFound: "Ce contenu n'existe pas.",
  unauthorized: "Veuillez d'abord vous connecter.",
  forbidden: "Vous n'êtes pas autorisé à faire cela.",
  tooManyRequests: 'Trop de tentatives. Veuillez patienter {seconds} secondes et réessayer.',
  invalidLocale: "Cette langue n'est pas prise en charge.",
  invalidId: "Cet identifiant n'est pas valide.",
  invalidFilter: "Cette valeur de filtre n'est pas valide.",
  invalidRelation: 'Cette relation ne peut pas être chargée avec la liste.',
  tooManyValues: 'Trop de valeurs ont été indiquées.',
  invalidSearch: "Le texte de recherche n'est pas valide.",
  searchTooLong: 'Le texte de recherche est trop long.',
} satisfies Translation['errors']
