import type { NamespaceTourTranslation } from '../../i18n-types.js'

export default {
  fallback: {
    video: 'Vídeo {id}',
    imageSet: 'Galería {id}',
    banner: 'Destacado {position}',
  },
  editor: {
    title: 'Textos del recorrido',
    intro:
      'Donde la ley exige verificar la edad (por ejemplo, en Francia o el Reino Unido), los visitantes que no han verificado su edad ven un recorrido difuminado del sitio, con estos textos en lugar del título y la descripción de arriba. No escribas aquí nada explícito. Si se deja vacío, el recorrido muestra un título neutro («{fallback}») y ninguna descripción.',
    siteCard: 'En el sitio',
    tourCard: 'En el recorrido',
    tourCardLabel: 'La tarjeta del elemento tal como la mostrará el recorrido difuminado',
    titleLabel: 'Título en el recorrido',
    descriptionLabel: 'Descripción en el recorrido',
  },
} satisfies NamespaceTourTranslation
