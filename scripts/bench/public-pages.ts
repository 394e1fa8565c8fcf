/**
 * The public pages (every one the server renders for visitors) by the route ids TanStack
 * Router matches for them, besides the root: what `bench:bundle` measures.
 */
export const PUBLIC_PAGES: Array<{ path: string; routes: string[] }> = [
  { path: '/{lang}', routes: ['/$lang', '/$lang/'] },
  { path: '/{lang}/videos', routes: ['/$lang', '/$lang/videos/'] },
  { path: '/{lang}/videos/{id}', routes: ['/$lang', '/$lang/videos/$id'] },
  { path: '/{lang}/images', routes: ['/$lang', '/$lang/images/'] },
  { path: '/{lang}/images/{id}', routes: ['/$lang', '/$lang/images/$id'] },
  { path: '/{lang}/models', routes: ['/$lang', '/$lang/models/'] },
  { path: '/{lang}/models/{id}', routes: ['/$lang', '/$lang/models/$id'] },
  { path: '/{lang}/categories', routes: ['/$lang', '/$lang/categories/'] },
  { path: '/{lang}/categories/{id}/{tab}', routes: ['/$lang', '/$lang/categories/$id/$tab'] },
  { path: '/{lang}/search/{tab}', routes: ['/$lang', '/$lang/search/$tab'] },
  { path: '/{lang}/coming-soon', routes: ['/$lang', '/$lang/coming-soon'] },
  { path: '/{lang}/faq', routes: ['/$lang', '/$lang/faq'] },
  { path: '/{lang}/contact', routes: ['/$lang', '/$lang/contact'] },
  { path: '/{lang}/report', routes: ['/$lang', '/$lang/report'] },
  { path: '/{lang}/tos', routes: ['/$lang', '/$lang/tos'] },
]

/** The home page's JavaScript on first load, brotli, in every language (docs/front-end.md, "Page weight"). */
export const HOME_JS_BUDGET_BYTES = 150 * 1024
