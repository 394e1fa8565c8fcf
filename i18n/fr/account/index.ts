import type { NamespaceAccountTranslation } from '../../i18n-types.js'

/**
 * The `account` namespace: the account area's security, address and privacy pages, signing in
 * with a passkey, their mails and errors. Loaded by the account and login routes only.
 */
const fr_account = {
  nav: {
    security: "Clés d'accès et sessions",
    email: 'Adresse e-mail',
    privacy: 'Vos données',
  },
  titles: {
    security: "Clés d'accès et sessions",
    email: 'Adresse e-mail',
    privacy: 'Vos données',
    confirmEmail: 'Confirmez votre nouvelle adresse',
    undoEmail: "Annuler le changement d'adresse",
  },
  reauth: {
    title: "Confirmez que c'est bien vous",
    intro: "Cette modification demande une nouvelle preuve que c'est bien vous : votre mot de passe ou l'une de vos clés d'accès.",
    password: 'Mot de passe',
    submit: 'Confirmer',
    withPasskey: "Confirmer avec une clé d'accès",
    cancel: 'Annuler',
  },
  passkey: {
    cancelled: "La demande de clé d'accès a été fermée. Rien n'a changé.",
    unsupported: "Ce navigateur ne peut pas utiliser de clés d'accès.",
  },
  passkeys: {
    title: "Clés d'accès",
    intro:
      "Une clé d'accès vous connecte avec votre empreinte digitale, votre visage ou le verrouillage de votre écran : aucun mot de passe à taper, à divulguer ou à se faire soutirer, et elle ne fonctionne que sur ce site.",
    add: "Ajouter une clé d'accès",
    added: 'Votre clé d’accès « {name} » est prête : la prochaine fois, connectez-vous avec elle.',
    none: "Vous n'avez pas encore de clé d'accès.",
    listLabel: "Vos clés d'accès",
    created: 'Ajoutée le {date}',
    lastUsed: 'Dernière utilisation le {date}',
    neverUsed: 'Pas encore utilisée',
    synced: 'Synchronisée sur vos appareils',
    rename: 'Renommer',
    renameLabel: 'Renommer {name}',
    renameTitle: "Renommer la clé d'accès",
    name: 'Nom',
    save: 'Enregistrer',
    renamed: "La clé d'accès a été renommée.",
    remove: 'Supprimer',
    removeLabel: 'Supprimer {name}',
    removeTitle: "Supprimer cette clé d'accès ?",
    removeText: '« {name} » ne vous connectera plus. Supprimez-la aussi de votre appareil ou de votre gestionnaire de mots de passe.',
    removed: "La clé d'accès a été supprimée.",
    keep: 'La garder',
    defaultName: '{browser} sur {os}',
    fallbackName: "Clé d'accès",
  },
  passwordless: {
    title: "Clés d'accès uniquement",
    intro:
      "Avec une clé d'accès, vous n'avez plus besoin de mot de passe. Supprimez-le, et personne ne pourra se connecter à votre compte avec un mot de passe deviné ou volé.",
    needsPasskey: "Ajoutez d'abord une clé d'accès ; vous pourrez ensuite supprimer votre mot de passe.",
    remove: 'Supprimer mon mot de passe',
    removeTitle: "Se connecter uniquement avec des clés d'accès ?",
    removeText:
      "Votre mot de passe sera supprimé et vous vous connecterez uniquement avec vos clés d'accès. Si vous les perdez toutes, « Mot de passe oublié ? » sur la page de connexion vous envoie un lien pour en choisir un nouveau.",
    removed: "Votre mot de passe a été supprimé. Vous vous connectez avec vos clés d'accès.",
  },
  setPassword: {
    title: 'Définir un mot de passe',
    intro: "Votre compte n'a pas de mot de passe : vous vous connectez avec vos clés d'accès. Vous pouvez à tout moment définir de nouveau un mot de passe.",
    newPassword: 'Nouveau mot de passe',
    submit: 'Définir le mot de passe',
    success: 'Votre mot de passe a été défini.',
  },
  sessions: {
    title: 'Où vous êtes connecté',
    intro:
      'Chaque navigateur dans lequel vous êtes connecté. Mettez fin à ceux que vous ne reconnaissez pas : ils sont déconnectés aussitôt, et les vidéos qui y sont lues s’arrêtent.',
    listLabel: 'Vos sessions',
    current: 'Ce navigateur',
    unknownDevice: 'Appareil inconnu',
    device: '{browser} sur {os}',
    place: 'Lieu : {country}',
    placeUnknown: 'Lieu : inconnu',
    signedIn: 'Connecté le {date}',
    lastSeen: 'Dernière activité le {date}',
    method: {
      password: 'avec le mot de passe',
      passkey: "avec une clé d'accès",
      link: "avec un lien d'un e-mail",
    },
    remembered: 'Reste connecté',
    end: 'Terminer',
    endLabel: 'Terminer la session sur {device}',
    ended: 'La session a été terminée.',
    endOthers: 'Terminer toutes les autres sessions',
    endedOthers: '{count} {{session a été terminée|sessions ont été terminées}}.',
    noOthers: "Vous n'êtes connecté nulle part ailleurs.",
  },
  email: {
    current: 'Votre adresse : {email}',
    intro:
      "Nous envoyons un lien à la nouvelle adresse ; votre adresse change quand vous l'ouvrez, d'ici là vous vous connectez avec l'adresse actuelle. Votre adresse actuelle reçoit ensuite un avis avec un lien qui annule le changement pendant 7 jours.",
    newEmail: 'Nouvelle adresse e-mail',
    submit: 'Envoyer le lien de confirmation',
    sent: 'Nous avons envoyé un lien à {email}. Ouvrez-le dans les 24 heures pour changer votre adresse.',
    pending: "En attente de confirmation : {email}. Le lien est valable jusqu'au {date}.",
    cancel: 'Annuler le changement',
    cancelled: 'Le changement a été annulé.',
    confirming: 'Changement de votre adresse…',
    confirmed: 'Votre adresse est maintenant {email}. Connectez-vous désormais avec elle.',
    undoIntro:
      "Si vous n'avez pas changé l'adresse de votre compte, annulez le changement : votre adresse précédente revient et toutes les sessions du compte sont terminées.",
    undoSubmit: 'Annuler le changement',
    undone:
      "Votre adresse est de nouveau {email}, et toutes les sessions ont été terminées. Si quelqu'un d'autre pourrait connaître votre mot de passe, choisissez-en un nouveau maintenant.",
    chooseNewPassword: 'Choisir un nouveau mot de passe',
    toAccount: 'Vers votre compte',
    toLogin: 'Se connecter',
  },
  privacy: {
    exportTitle: 'Télécharger vos données',
    exportIntro:
      "Un fichier (JSON) avec tout ce que nous conservons sur vous : votre compte, vos formules et paiements, favoris, à regarder plus tard, notes, ce que vous avez regardé et où vous vous êtes arrêté, vos sessions et clés d'accès (noms et dates, jamais les clés).",
    exportButton: 'Télécharger mes données',
    deleteTitle: 'Supprimer votre compte',
    deleteIntro:
      "Votre compte et tout ce qui s'y rattache sont effacés définitivement : favoris, listes, notes, historique, sessions, clés d'accès, messages. Les justificatifs de facturation restent, comme l'exige le droit fiscal, sans votre nom, votre adresse ni votre e-mail. Vous pourrez ensuite vous réinscrire avec la même adresse.",
    cancelFirst:
      "Votre abonnement se renouvelle le {date}. Résiliez-le d'abord auprès du prestataire de paiement : supprimer votre compte ici ne peut pas arrêter ses prélèvements.",
    cancelLink: "Résilier l'abonnement",
    externalHint: '(ouvre le prestataire de paiement)',
    losesPaidPeriod:
      "Votre abonnement est résilié mais payé jusqu'au {date}. Si vous supprimez votre compte maintenant, vous perdez le reste de cette période.",
    confirmLosing: "Je renonce à mon abonnement jusqu'au {date}",
    administrator: "Les comptes d'administrateur ne sont pas supprimés ici : un autre administrateur retire d'abord le rôle.",
    deleteButton: 'Supprimer mon compte…',
    dialogTitle: 'Supprimer définitivement votre compte ?',
    dialogText: "C'est irréversible. Confirmez avec votre mot de passe ou une clé d'accès ; nous enverrons ensuite un dernier e-mail à {email}.",
    confirmDelete: 'Supprimer mon compte',
    deleted: 'Votre compte a été supprimé. Au revoir !',
  },
  login: {
    passkey: "Se connecter avec une clé d'accès",
    or: 'ou',
  },
  mails: {
    changeConfirm: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      text: 'vous avez demandé à utiliser cette adresse pour votre compte Streamclub. Confirmez-la avec ce lien :',
      action: 'Confirmer la nouvelle adresse',
      note: "Le lien est valable 24 heures. Si vous n'avez rien demandé, ignorez cet e-mail : rien ne change.",
    },
    changeInUse: {
      subject: 'Votre adresse e-mail chez Streamclub',
      text: "quelqu'un a demandé à déplacer un compte Streamclub vers cette adresse, mais elle appartient déjà à un compte. Rien n'a changé.",
      note: 'Si cette adresse a un compte chez nous et que vous ne connaissez plus son mot de passe, choisissez-en un nouveau avec « Mot de passe oublié ? » sur la page de connexion.',
    },
    changeNotice: {
      subject: "L'adresse e-mail de votre compte Streamclub a été changée",
      text: "l'adresse de votre compte Streamclub a été changée en {email}. Si c'était vous, il n'y a rien à faire. Sinon, annulez le changement avec ce lien : votre adresse revient et toutes les sessions sont terminées.",
      action: 'Annuler le changement',
      note: 'Le lien est valable 7 jours.',
    },
    deleted: {
      subject: 'Votre compte Streamclub a été supprimé',
      text: "comme vous l'avez demandé, votre compte Streamclub et les données qui s'y rattachent ont été supprimés. C'est le dernier e-mail que nous vous envoyons, et nous n'en gardons aucune copie. Vous pouvez vous réinscrire à tout moment.",
      note: "Si vous n'avez pas supprimé votre compte, veuillez écrire à notre support.",
    },
  },
  errors: {
    reauthRequired: "Veuillez d'abord confirmer que c'est bien vous.",
    passkeyFailed: "La clé d'accès n'a pas pu être vérifiée. Veuillez réessayer.",
    passkeyExpired: 'Cela a pris trop de temps. Veuillez réessayer.',
    passkeyUnknown: "Cette clé d'accès n'est pas connue ici (elle a peut-être été supprimée). Connectez-vous avec votre mot de passe ou une autre clé d'accès.",
    passkeyKnown: "Cette clé d'accès fait déjà partie de votre compte.",
    tooManyPasskeys: "Vous pouvez avoir au plus {max} clés d'accès. Supprimez-en d'abord une.",
    passkeyNameRequired: "Veuillez donner un nom à la clé d'accès.",
    passkeyNameTooLong: 'Le nom peut comporter au plus 100 caractères.',
    noPasskeys: "Votre compte n'a pas de clé d'accès.",
    lastSignInMethod: "C'est votre seul moyen de vous connecter : définissez d'abord un mot de passe ou ajoutez une autre clé d'accès.",
    passkeyNeeded: "Ajoutez une clé d'accès avant de supprimer votre mot de passe.",
    passwordExists: 'Votre compte a déjà un mot de passe : changez-le sur la page du mot de passe.',
    currentSession: "C'est la session de ce navigateur : déconnectez-vous plutôt.",
    sameAddress: "C'est déjà votre adresse.",
    addressTaken: 'Cette adresse appartient désormais à un autre compte. Veuillez demander un changement vers une autre adresse.',
    cancelFirst: "Votre abonnement se renouvelle encore : résiliez-le d'abord auprès du prestataire de paiement.",
    confirmLosingPaidPeriod: 'Veuillez confirmer que vous renoncez au reste de votre période payée.',
    adminCannotDelete: "Les comptes d'administrateur ne sont pas supprimés ici.",
  },
} satisfies NamespaceAccountTranslation

export default fr_account
