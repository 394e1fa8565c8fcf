import type { BaseTranslation } from '../../i18n-types.js'

/**
 * The `tour` namespace: what a visitor who may not see explicit material is shown instead
 * (docs/age-assurance.md, "What a tour shows"), and the console's tour texts. The server reads
 * the fallbacks; the console loads the namespace.
 */
const en_tour = {
  /** Neutral names where an editor wrote no tour title: never anything explicit. */
  fallback: {
    video: 'Video {id:number}',
    imageSet: 'Image set {id:number}',
    banner: 'Highlight {position:number}',
  },
  /** The console's item editor. */
  editor: {
    title: 'Tour texts',
    intro:
      'Where the law asks for an age check (for example in France or the United Kingdom), visitors who have not verified their age see a blurred tour of the site, with these texts instead of the title and description above. Write nothing explicit here. Left empty, the tour shows a neutral title ("{fallback:string}") and no description.',
    siteCard: 'On the site',
    tourCard: 'In the tour',
    tourCardLabel: 'The item’s card as the blurred tour will show it',
    titleLabel: 'Tour title',
    descriptionLabel: 'Tour description',
  },
} satisfies BaseTranslation

export default en_tour
