import type { Translation } from '../i18n-types.js'

export default {
  player: {
    play: 'Reproducir vídeo',
    playFor: 'Reproducir: {title}',
    resolution: 'Resolución',
    resolutionPreparing: '{resolution} (pronto)',
    seekBackBy: '{seconds} segundos atrás',
    seekForwardBy: '{seconds} segundos adelante',
    playing: 'Reproduciendo en {resolution}',
    resolutionChoice: 'Resolución: {resolution}',
    failed: 'El vídeo no se puede reproducir ahora. Inténtalo de nuevo más tarde.',
    preparing: 'Este vídeo todavía se está preparando.',
    membersOnlyHint: 'Los miembros ven el vídeo completo. Has iniciado sesión, pero aún no eres miembro.',
  },
  resume: {
    resumeAt: 'Reanudar en {time}',
    startOver: 'Empezar de nuevo',
    continueWatching: 'Seguir viendo',
    watched: '{percent} % visto',
  },
  actions: {
    like: 'Me gusta',
    dislike: 'No me gusta',
    favorite: 'Favorito',
    watchLater: 'Ver más tarde',
    download: 'Descargar',
    downloadStarted: 'Tu descarga está empezando.',
    failed: 'No se pudo guardar tu cambio. Inténtalo de nuevo.',
  },
  download: {
    title: 'Descarga no posible',
    notMember: 'Solo los miembros pueden descargar contenido',
    noDownloads: 'Tu membresía no incluye descargas',
    limitReached: 'Has alcanzado tu límite diario de descargas. ¡Inténtalo de nuevo mañana!',
    unavailable: 'Este contenido no se puede descargar temporalmente por un error técnico. Inténtalo más tarde.',
    preparing: 'La descarga estará disponible cuando las resoluciones más altas de este vídeo estén listas. Inténtalo de nuevo en unos minutos.',
  },
  previews: {
    fullSizeHint: 'Los miembros ven las imágenes de vista previa en resolución completa.',
    open: 'Abrir la imagen de vista previa {index} a tamaño completo',
  },
  lightbox: {
    open: 'Abrir imagen {index}',
    close: 'Cerrar',
    previous: 'Imagen anterior',
    next: 'Imagen siguiente',
    position: 'Imagen {index} de {count}',
    original: 'Abrir el original',
  },
  lists: {
    favoritesTabs: 'Favoritos',
    watchLaterTabs: 'Ver más tarde',
    noFavorites: 'Aún no tienes favoritos aquí. Marca vídeos, series de imágenes y modelos con el corazón para encontrarlos aquí.',
    noWatchLater: 'Aún no has guardado nada para más tarde. Usa «Ver más tarde» en un vídeo o una serie de imágenes.',
  },
} satisfies Translation['playback']
