import type { Translation } from '../i18n-types.js'

export default {
  player: {
    play: 'Lire la vidéo',
    playFor: 'Lire : {title}',
    resolution: 'Résolution',
    resolutionPreparing: '{resolution} (bientôt)',
    seekBackBy: 'Reculer de {seconds} secondes',
    seekForwardBy: 'Avancer de {seconds} secondes',
    playing: 'Lecture en {resolution}',
    resolutionChoice: 'Résolution : {resolution}',
    failed: 'La vidéo ne peut pas être lue pour le moment. Veuillez réessayer plus tard.',
    preparing: 'Cette vidéo est encore en préparation.',
    membersOnlyHint: 'Les membres regardent la vidéo en entier. Vous êtes connecté, mais pas encore membre.',
  },
  resume: {
    resumeAt: 'Reprendre à {time}',
    startOver: 'Recommencer',
    continueWatching: 'Continuer à regarder',
    watched: '{percent} % regardé',
  },
  actions: {
    like: 'J’aime',
    dislike: 'Je n’aime pas',
    favorite: 'Favori',
    watchLater: 'Regarder plus tard',
    download: 'Télécharger',
    downloadStarted: 'Votre téléchargement commence.',
    failed: 'Votre modification n’a pas pu être enregistrée. Veuillez réessayer.',
  },
  download: {
    title: 'Téléchargement impossible',
    notMember: 'Seuls les membres peuvent télécharger du contenu',
    noDownloads: 'Votre abonnement n’inclut pas les téléchargements',
    limitReached: 'Vous avez atteint votre limite quotidienne de téléchargements. Réessayez demain !',
    unavailable: 'Ce contenu ne peut temporairement pas être téléchargé en raison d’une erreur technique. Veuillez réessayer plus tard.',
    preparing: 'Le téléchargement sera disponible dès que les résolutions supérieures de cette vidéo seront prêtes. Veuillez réessayer dans quelques minutes.',
  },
  previews: {
    fullSizeHint: 'Les membres voient les images d’aperçu en pleine résolution.',
    open: 'Ouvrir l’image d’aperçu {index} en taille réelle',
  },
  lightbox: {
    open: 'Ouvrir l’image {index}',
    close: 'Fermer',
    previous: 'Image précédente',
    next: 'Image suivante',
    position: 'Image {index} sur {count}',
    original: 'Ouvrir l’original',
  },
  lists: {
    favoritesTabs: 'Favoris',
    watchLaterTabs: 'Regarder plus tard',
    noFavorites: 'Aucun favori ici pour l’instant. Marquez des vidéos, séries d’images et modèles avec le cœur pour les retrouver ici.',
    noWatchLater: 'Rien d’enregistré pour plus tard. Utilisez « Regarder plus tard » sur une vidéo ou une série d’images.',
  },
} satisfies Translation['playback']
