import type { NamespaceMailTranslation } from '../../i18n-types.js'

export default {
  greeting: 'Bonjour,',
  signature: "L'équipe Streamclub",
  verify: {
    subject: 'Confirmez votre adresse e-mail',
    text: 'merci de vous être inscrit sur Streamclub. Veuillez confirmer votre adresse e-mail avec ce lien :',
    action: "Confirmer l'adresse e-mail",
    note: 'Le lien est valable 24 heures. Si vous ne vous êtes pas inscrit sur Streamclub, vous pouvez ignorer cet e-mail.',
  },
  reset: {
    subject: 'Choisissez un nouveau mot de passe',
    text: 'une réinitialisation du mot de passe de votre compte Streamclub a été demandée. Choisissez un nouveau mot de passe avec ce lien :',
    action: 'Choisir un nouveau mot de passe',
    note: "Le lien est valable une heure et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  exists: {
    subject: 'Vous avez déjà un compte Streamclub',
    text: "quelqu'un, sans doute vous, vient d'essayer de s'inscrire sur Streamclub avec cette adresse e-mail. Vous avez déjà un compte avec cette adresse. Si vous ne connaissez plus votre mot de passe, choisissez-en un nouveau ici :",
    action: 'Réinitialiser le mot de passe',
    note: "Si ce n'était pas vous, ignorez cet e-mail : rien n'a changé dans votre compte.",
  },
} satisfies NamespaceMailTranslation
