import { deferredComponent } from '../../lib/deferred'

/** The carousels (Carousels.tsx) with their code loaded once the page settles (src/lib/deferred.tsx). */
export const BannerCarousel = deferredComponent(() => import('./Carousels').then((m) => m.BannerCarousel))
export const CardCarousel = deferredComponent(() => import('./Carousels').then((m) => m.CardCarousel))
