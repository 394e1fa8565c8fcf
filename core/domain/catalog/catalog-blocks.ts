/** Block sizes and carousel timing of spec sections 2 and 9, used by the pages that show them. */
export const HOME_BLOCKS = {
  latestVideos: 8,
  featuredCategories: 5,
  popularVideos: 16,
  topModels: 9,
} as const

export const DETAIL_BLOCKS = {
  /** Video page: the models' other videos, and recommendations. */
  modelsOtherVideos: 3,
  videoRecommendations: 8,
  /** Image set page recommendations. */
  imageSetRecommendations: 3,
  /** Model page: more models. */
  moreModels: 4,
} as const

export const CAROUSEL = {
  /** Autoplay every 3000 ms, paused while the pointer is over the carousel. */
  autoplayMs: 3000,
  /** A slide takes about 500 ms. */
  slideMs: 500,
  /** A drag shorter than this is a click. */
  dragThresholdPx: 15,
} as const
