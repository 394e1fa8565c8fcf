import type { Translation } from '../i18n-types.js'

export default {
  greeting: 'Bonjour,',
  signature: "L'équipe Streamclub",
  verify: {
    subject: 'Confirmez votre adresse e-mail',
    text: 'merci de vous être inscrit sur Streamclub. Veuillez confirmer votre adresse e-mail avec ce lien :',
    action: "Confirmer l'adresse e-mail",
    note: "Le lien est valable 24 heures. Si vous ne vous êtes pas inscrit sur Streamclub, vous pouvez ignorer cet e-mail.",
  },
  reset: {
    subject: 'Choisissez un nouveau mot de passe',
    text: 'une réinitialisation du mot de passe de votre compte Streamclub a été demandée. Choisissez un nouveau mot de passe avec ce lien :',
    action: 'Choisir un nouveau mot de passe',
    note: "Le lien est valable une heure et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
} satisfies Translation['mail']
