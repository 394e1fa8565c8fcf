import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Manifest } from '@tanstack/react-router'
import type { Locale } from '../domain/locale.js'
import type { RenderRequest } from '../../src/entry-server.js'
import { readClientAssets } from './client-assets.js'
import { RenderPool } from './render-pool.js'
import { renderedOf, type RenderedResponse } from './render-thread.js'

/** The two halves of `npm run build`: the browser's files and the server renderer. */
export interface ClientBuild {
  /** The scripts and stylesheets a page of a locale names, as the router puts them in its head. */
  manifest(locale: Locale): Manifest
  /** One page (on a render thread, or on this one with RENDER_THREADS=0). */
  render(request: RenderRequest): Promise<RenderedResponse>
  /** Stops the render threads once their pages are done. */
  close(): Promise<void>
}

/**
 * Starts loading the server-side render bundle (the largest module the server loads, about a
 * second) so it loads while the server still waits for the database; loadClientBuild then
 * finds it loaded. A missing bundle is loadClientBuild's to report.
 */
export function preloadServerEntry(serverEntry: string): void {
  if (fs.existsSync(serverEntry)) void import(pathToFileURL(serverEntry).href).catch(() => undefined)
}

/**
 * The built client, or null when `npm run build` has not run (the server then says so). Pages
 * render on `renderThreads` worker threads (render-pool.ts), or on this thread with 0.
 */
export async function loadClientBuild(clientDir: string, serverEntry: string, renderThreads: number): Promise<ClientBuild | null> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json')
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) return null
  const assets = readClientAssets(clientDir)
  const manifests = new Map<Locale, Manifest>()
  const manifest = (locale: Locale) => manifests.get(locale) ?? manifests.set(locale, assets.routerManifest(locale)).get(locale)!
  if (renderThreads > 0) {
    const pool = new RenderPool(serverEntry, renderThreads)
    return { manifest, render: (request) => pool.render(request), close: () => pool.close() }
  }
  const entry = (await import(pathToFileURL(serverEntry).href)) as { render(request: RenderRequest): Promise<Response> }
  return { manifest, render: async (request) => renderedOf(await entry.render(request)), close: async () => undefined }
}
