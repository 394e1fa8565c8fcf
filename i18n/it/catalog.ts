import type { Translation } from '../i18n-types.js'

export default {
  home: {
    latestVideos: 'Ultimi video',
  },
  empty: "Non c'è ancora niente qui.",
} satisfies Translation['catalog']
