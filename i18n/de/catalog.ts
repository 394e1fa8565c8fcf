import type { Translation } from '../i18n-types.js'

export default {
  home: {
    latestVideos: 'Neueste Videos',
  },
  empty: "Hier gibt es noch nichts.",
} satisfies Translation['catalog']
