import type { NamespaceTourTranslation } from '../../i18n-types.js'

export default {
  fallback: {
    video: 'Video {id}',
    imageSet: 'Bildergalerie {id}',
    banner: 'Highlight {position}',
  },
  editor: {
    title: 'Texte der Vorschau',
    intro:
      'Wo das Gesetz eine Altersprüfung verlangt (zum Beispiel in Frankreich oder im Vereinigten Königreich), sehen Besucher, die ihr Alter nicht nachgewiesen haben, eine unscharfe Vorschau der Seite, mit diesen Texten statt des Titels und der Beschreibung oben. Schreiben Sie hier nichts Explizites. Leer zeigt die Vorschau einen neutralen Titel („{fallback}“) und keine Beschreibung.',
    siteCard: 'Auf der Seite',
    tourCard: 'In der Vorschau',
    tourCardLabel: 'Die Karte des Eintrags, wie die unscharfe Vorschau sie zeigt',
    titleLabel: 'Titel in der Vorschau',
    descriptionLabel: 'Beschreibung in der Vorschau',
  },
} satisfies NamespaceTourTranslation
