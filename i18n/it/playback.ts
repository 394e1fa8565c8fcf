import type { Translation } from '../i18n-types.js'

export default {
  player: {
    play: 'Riproduci video',
    playFor: 'Riproduci: {title}',
    resolution: 'Risoluzione',
    resolutionPreparing: '{resolution} (a breve)',
    seekBackBy: 'Indietro di {seconds} secondi',
    seekForwardBy: 'Avanti di {seconds} secondi',
    playing: 'In riproduzione a {resolution}',
    resolutionChoice: 'Risoluzione: {resolution}',
    failed: 'Il video non può essere riprodotto ora. Riprova più tardi.',
    preparing: 'Questo video è ancora in preparazione.',
    membersOnlyHint: 'I membri guardano il video per intero. Hai effettuato l’accesso, ma non sei ancora membro.',
  },
  resume: {
    resumeAt: 'Riprendi da {time}',
    startOver: "Ricomincia dall'inizio",
    continueWatching: 'Continua a guardare',
    watched: '{percent} % visto',
  },
  actions: {
    like: 'Mi piace',
    dislike: 'Non mi piace',
    favorite: 'Preferito',
    watchLater: 'Guarda più tardi',
    download: 'Scarica',
    downloadStarted: 'Il download sta iniziando.',
    failed: 'Non è stato possibile salvare la modifica. Riprova.',
  },
  download: {
    title: 'Download non possibile',
    notMember: 'Solo i membri possono scaricare contenuti',
    noDownloads: 'Il tuo abbonamento non include i download',
    limitReached: 'Hai raggiunto il limite giornaliero di download. Riprova domani!',
    unavailable: 'Questo contenuto non è temporaneamente scaricabile a causa di un errore tecnico. Riprova più tardi.',
    preparing: 'Il download sarà disponibile quando le risoluzioni più alte di questo video saranno pronte. Riprova tra qualche minuto.',
  },
  previews: {
    fullSizeHint: 'I membri vedono le immagini di anteprima a piena risoluzione.',
    open: 'Apri l’immagine di anteprima {index} a grandezza piena',
  },
  lightbox: {
    open: 'Apri immagine {index}',
    close: 'Chiudi',
    previous: 'Immagine precedente',
    next: 'Immagine successiva',
    position: 'Immagine {index} di {count}',
    original: 'Apri l’originale',
  },
  lists: {
    favoritesTabs: 'Preferiti',
    watchLaterTabs: 'Guarda più tardi',
    noFavorites: 'Non hai ancora preferiti qui. Segna video, serie di immagini e modelle con il cuore per trovarli qui.',
    noWatchLater: 'Non hai ancora salvato nulla per dopo. Usa «Guarda più tardi» su un video o una serie di immagini.',
  },
} satisfies Translation['playback']
