import type { NamespaceTourTranslation } from '../../i18n-types.js'

export default {
  fallback: {
    video: 'Vidéo {id}',
    imageSet: 'Galerie {id}',
    banner: 'À la une {position}',
  },
  editor: {
    title: 'Textes de la visite',
    intro:
      'Là où la loi exige une vérification de l’âge (par exemple en France ou au Royaume-Uni), les visiteurs qui n’ont pas vérifié leur âge voient une visite floutée du site, avec ces textes à la place du titre et de la description ci-dessus. N’écrivez ici rien d’explicite. Laissé vide, la visite affiche un titre neutre (« {fallback} ») et aucune description.',
    siteCard: 'Sur le site',
    tourCard: 'Dans la visite',
    tourCardLabel: 'La carte de l’élément telle que la visite floutée l’affichera',
    titleLabel: 'Titre dans la visite',
    descriptionLabel: 'Description dans la visite',
  },
} satisfies NamespaceTourTranslation
