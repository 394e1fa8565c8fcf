import type { Translation } from '../i18n-types.js'

export default {
  home: {
    latestVideos: 'Dernières vidéos',
  },
  empty: "Rien pour le moment.",
} satisfies Translation['catalog']
