import type { NamespaceTourTranslation } from '../../i18n-types.js'

export default {
  fallback: {
    video: 'Video {id}',
    imageSet: 'Galleria {id}',
    banner: 'In evidenza {position}',
  },
  editor: {
    title: 'Testi dell’anteprima',
    intro:
      'Dove la legge richiede una verifica dell’età (per esempio in Francia o nel Regno Unito), i visitatori che non hanno verificato la loro età vedono un’anteprima sfocata del sito, con questi testi al posto del titolo e della descrizione sopra. Non scrivere qui nulla di esplicito. Se lasciato vuoto, l’anteprima mostra un titolo neutro («{fallback}») e nessuna descrizione.',
    siteCard: 'Sul sito',
    tourCard: 'Nell’anteprima',
    tourCardLabel: 'La scheda dell’elemento come la mostrerà l’anteprima sfocata',
    titleLabel: 'Titolo nell’anteprima',
    descriptionLabel: 'Descrizione nell’anteprima',
  },
} satisfies NamespaceTourTranslation
