import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Manifest } from '@tanstack/react-router'
import type { Locale } from '../../core/domain/locale.js'
import type { TRPCClient } from '@trpc/client'
import type { RenderRequest } from '../../core/render-contract.js'
import type { AppRouter } from '../trpc/root.js'
import { readClientAssets } from './client-assets.js'

/** The two halves of `npm run build`: the browser's files and the server renderer. */
export interface ClientBuild {
  /** The scripts and stylesheets a page of a locale names, as the router puts them in its head. */
  manifest(locale: Locale): Manifest
  render(request: RenderRequest<TRPCClient<AppRouter>>): Promise<Response>
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
  const assets = readClientAssets(clientDir)
  const manifests = new Map<Locale, Manifest>()
  const manifest = (locale: Locale) => manifests.get(locale) ?? manifests.set(locale, assets.routerManifest(locale)).get(locale)!
  const entry = (await import(pathToFileURL(serverEntry).href)) as { render: ClientBuild['render'] }
  return { manifest, render: entry.render }
}
