import type { Translation } from '../i18n-types.js'

export default {
  player: {
    play: 'Video abspielen',
    playFor: 'Abspielen: {title}',
    resolution: 'Auflösung',
    resolutionPreparing: '{resolution} (bald)',
    seekBackBy: '{seconds} Sekunden zurück',
    seekForwardBy: '{seconds} Sekunden vor',
    playing: 'Wiedergabe in {resolution}',
    resolutionChoice: 'Auflösung: {resolution}',
    failed: 'Das Video kann gerade nicht abgespielt werden. Bitte versuche es später noch einmal.',
    preparing: 'Dieses Video wird noch vorbereitet.',
    membersOnlyHint: 'Mitglieder sehen das Video in voller Länge. Du bist angemeldet, aber noch kein Mitglied.',
  },
  resume: {
    resumeAt: 'Fortsetzen bei {time}',
    startOver: 'Von vorne beginnen',
    continueWatching: 'Weiterschauen',
    watched: '{percent} % gesehen',
  },
  actions: {
    like: 'Gefällt mir',
    dislike: 'Gefällt mir nicht',
    favorite: 'Favorit',
    watchLater: 'Später ansehen',
    download: 'Herunterladen',
    downloadStarted: 'Dein Download startet.',
    failed: 'Deine Änderung konnte nicht gespeichert werden. Bitte versuche es noch einmal.',
  },
  download: {
    title: 'Download nicht möglich',
    notMember: 'Nur Mitglieder dürfen Inhalte herunterladen',
    noDownloads: 'Deine Mitgliedschaft enthält keine Downloads',
    limitReached: 'Du hast dein tägliches Download-Limit erreicht. Versuche es morgen wieder!',
    unavailable: 'Dieser Inhalt kann wegen eines technischen Fehlers vorübergehend nicht heruntergeladen werden. Bitte versuche es später.',
    preparing: 'Der Download folgt, sobald die höheren Auflösungen dieses Videos fertig sind. Bitte versuche es in ein paar Minuten wieder.',
  },
  previews: {
    fullSizeHint: 'Mitglieder sehen die Vorschaubilder in voller Auflösung.',
    open: 'Vorschaubild {index} in voller Größe öffnen',
  },
  lightbox: {
    open: 'Bild {index} öffnen',
    close: 'Schließen',
    previous: 'Vorheriges Bild',
    next: 'Nächstes Bild',
    position: 'Bild {index} von {count}',
    original: 'Original öffnen',
  },
  lists: {
    favoritesTabs: 'Favoriten',
    watchLaterTabs: 'Später ansehen',
    noFavorites: 'Hier sind noch keine Favoriten. Markiere Videos, Bilderserien und Models mit dem Herz, um sie hier zu finden.',
    noWatchLater: 'Noch nichts für später gespeichert. Nutze „Später ansehen“ bei einem Video oder einer Bilderserie.',
  },
} satisfies Translation['playback']
