import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Manifest } from '@tanstack/react-router'
import type { RenderRequest } from '../../src/entry-server.js'

/** The two halves of `npm run build`: the browser's files and the server renderer. */
export interface ClientBuild {
  /** The entry script, its static imports and the stylesheets, as the router puts them in a page. */
  manifest: Manifest
  render(request: RenderRequest): Promise<Response>
}

interface ViteManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

/**
 * Reads Vite's manifest of the browser build: the entry chunk, every chunk it imports
 * statically (preloaded) and every stylesheet of those chunks.
 */
export function routerManifest(viteManifest: Record<string, ViteManifestChunk>): Manifest {
  const entry = Object.values(viteManifest).find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('the client build has no entry chunk')
  const chunks = new Set<ViteManifestChunk>()
  const visit = (chunk: ViteManifestChunk) => {
    if (chunks.has(chunk)) return
    chunks.add(chunk)
    for (const name of chunk.imports ?? []) if (viteManifest[name]) visit(viteManifest[name])
  }
  visit(entry)
  const css = [...new Set([...chunks].flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`)
  const preloads = [...chunks].filter((chunk) => chunk !== entry).map((chunk) => `/${chunk.file}`)
  return {
    routes: {
      __root__: { css, preloads, scripts: [{ attrs: { type: 'module', src: `/${entry.file}` } }] },
    },
  }
}

/**
 * Starts loading the server-side render bundle (the largest module the server loads, about a
 * second) so it loads while the server still waits for the database; loadClientBuild then
 * finds it loaded. A missing bundle is loadClientBuild's to report.
 */
export function preloadServerEntry(serverEntry: string): void {
  if (fs.existsSync(serverEntry)) void import(pathToFileURL(serverEntry).href).catch(() => undefined)
}

/** The built client, or null when `npm run build` has not run (the server then says so). */
export async function loadClientBuild(clientDir: string, serverEntry: string): Promise<ClientBuild | null> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json')
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) return null
  const manifest = routerManifest(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>)
  const entry = (await import(pathToFileURL(serverEntry).href)) as { render: ClientBuild['render'] }
  return { manifest, render: entry.render }
}
