import type { Translation } from '../i18n-types.js'

export default {
  home: {
    latestVideos: 'Vídeos más recientes',
  },
  empty: "Todavía no hay nada aquí.",
} satisfies Translation['catalog']
