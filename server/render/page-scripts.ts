/**
 * How a server-rendered page starts its scripts: after its first paint. The entry (React, the
 * router, Mantine) takes a phone hundreds of milliseconds to evaluate and hydrate, and its
 * modules would otherwise compete with the pictures on the screen for the line (a phone on
 * 4G, six connections of HTTP/1.1). So the page names its scripts in small inline modules;
 * once the document is parsed and a frame is on the screen, they are preloaded together (no
 * chain of imports) and the entry is imported. A page in a background tab gets no frames and
 * starts at once.
 *
 * While the entry's modules load and run, errors carry no stack: React makes its marker errors
 * as its module runs, and where the browser records stacks for its tools (DevTools, the test and
 * bench drivers) each of them made it re-read the whole entry for line numbers (about 25 ms of a
 * phone-class core). The limit comes back once the entry has run.
 */

/** Where the inline modules gather the page's script files. */
const LIST = 'self.__pageScripts'

/** The root's inline module: the entry's own files, and the start once the page is painted. */
export function startAfterFirstPaint(entryFile: string, files: string[]): string {
  const start = [
    `()=>{for(const href of new Set(${LIST})){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`,
    `const limit=Error.stackTraceLimit;Error.stackTraceLimit=undefined;`,
    `import(${JSON.stringify(entryFile)}).finally(()=>{Error.stackTraceLimit=limit})}`,
  ].join('')
  return [
    `${LIST}=(${LIST}||[]).concat(${JSON.stringify([entryFile, ...files])});`,
    `document.addEventListener("DOMContentLoaded",()=>{const start=${start};`,
    `document.visibilityState==="visible"?requestAnimationFrame(()=>setTimeout(start)):start()})`,
  ].join('')
}

/** A matched route's inline module: the files of its component chunk, started with the entry. */
export function routeScripts(files: string[]): string {
  return `${LIST}=(${LIST}||[]).concat(${JSON.stringify(files)})`
}
