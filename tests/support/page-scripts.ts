/**
 * The scripts a server-rendered page names: the files its inline modules list, which the page
 * preloads and starts after its first paint (server/render/page-scripts.ts).
 */
export function scriptsNamedIn(html: string): string[] {
  const inlineModules = [...html.matchAll(/<script type="module">([^<]*)<\/script>/g)].map(([, body]) => body!)
  return [...new Set(inlineModules.flatMap((body) => [...body.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)))]
}
