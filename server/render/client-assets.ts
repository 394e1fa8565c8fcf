import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Manifest } from '@tanstack/react-router'
import type { Locale } from '../../core/domain/locale.js'
import { routeScripts, startAfterFirstPaint } from './page-scripts.js'

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ViteManifestChunk {
  file: string
  src?: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

export type ViteManifest = Record<string, ViteManifestChunk>

/** The JavaScript and CSS files (site paths, `/assets/…`) a page loads before it is live. */
export interface PageAssets {
  scripts: string[]
  css: string[]
}

/** The router plugin's chunk of a route file's component (`routes/$lang/index.tsx?tsr-split=component`). */
const ROUTE_COMPONENT = /^routes\/(.+)\.tsx\?tsr-split=component$/

/**
 * The route id TanStack Router's file routes give a route file: `$lang/videos/$id` is
 * `/$lang/videos/$id`, an `index` file ends in a slash (`$lang/index` is `/$lang/`).
 */
function routeIdOfFile(file: string): string {
  return `/${file.replace(/(^|\/)index$/, '$1')}`
}

/** A chunk and every chunk it imports statically (what the browser must load before it runs). */
function closure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const name of manifest[key].imports ?? []) closure(manifest, name, into)
  return into
}

const sitePath = (file: string) => `/${file}`

/** The scripts and stylesheets of these chunks; `except`: chunks already loaded (their files are left out). */
function filesOf(manifest: ViteManifest, keys: Iterable<string>, except: Set<string> = new Set()): PageAssets {
  const chosen = [...keys].filter((key) => !except.has(key))
  const exceptCss = new Set([...except].flatMap((key) => manifest[key]!.css ?? []))
  return {
    scripts: chosen.map((key) => sitePath(manifest[key]!.file)),
    css: [...new Set(chosen.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !exceptCss.has(file)).map(sitePath),
  }
}

/**
 * What the browser build holds, read from Vite's manifest: the entry, each route's component
 * chunk by route id and each locale's dictionary, with the chunks they import statically.
 */
export class ClientAssets {
  private readonly entryKey: string
  private readonly entryClosure: Set<string>
  private readonly routeKeys = new Map<string, string>()

  constructor(private readonly manifest: ViteManifest) {
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
    if (!entry) throw new Error('the client build has no entry chunk')
    this.entryKey = entry[0]
    this.entryClosure = closure(manifest, this.entryKey)
    for (const key of Object.keys(manifest)) {
      const route = ROUTE_COMPONENT.exec(key)
      if (route) this.routeKeys.set(routeIdOfFile(route[1]!), key)
    }
  }

  /** Route ids that have a component chunk of their own. */
  get routeIds(): string[] {
    return [...this.routeKeys.keys()]
  }

  /** The chunks of a locale's dictionary (typesafe-i18n loads it before the page renders). */
  private localeKeys(locale: Locale): Set<string> {
    const key = Object.keys(this.manifest).find((name) => name.endsWith(`i18n/${locale}/index.ts`))
    return key ? closure(this.manifest, key) : new Set()
  }

  /**
   * The router's manifest for a page in `locale`: the entry script with its imports and the
   * dictionary on the root route, and each route's component chunk (with what it imports
   * beyond the entry) on that route, so a page names every script it runs before it is live,
   * and the browser fetches them at once instead of one import after another, after the first
   * paint (page-scripts.ts).
   */
  routerManifest(locale: Locale): Manifest {
    const root = filesOf(this.manifest, [...this.entryClosure, ...this.localeKeys(locale)])
    const entryFile = sitePath(this.manifest[this.entryKey]!.file)
    const module = (children: string) => ({ attrs: { type: 'module' }, children })
    const routes: Manifest['routes'] = {
      // The stylesheets block the first paint; the scripts start after it (page-scripts.ts).
      __root__: {
        css: root.css,
        scripts: [
          module(
            startAfterFirstPaint(
              entryFile,
              root.scripts.filter((file) => file !== entryFile),
            ),
          ),
        ],
      },
    }
    for (const [id, key] of this.routeKeys) {
      const own = filesOf(this.manifest, closure(this.manifest, key), this.entryClosure)
      routes[id] = { ...(own.scripts.length ? { scripts: [module(routeScripts(own.scripts))] } : {}), ...(own.css.length ? { css: own.css } : {}) }
    }
    return { routes }
  }

  /** Every script and stylesheet a page of these routes (root and layouts included) loads first, in `locale`. */
  pageAssets(routeIds: string[], locale: Locale): PageAssets {
    const keys = new Set([...this.entryClosure, ...this.localeKeys(locale)])
    for (const id of routeIds) {
      const key = this.routeKeys.get(id)
      if (!key) throw new Error(`no component chunk for route ${id}`)
      closure(this.manifest, key, keys)
    }
    return filesOf(this.manifest, keys)
  }
}

/**
 * The bytes a browser that accepts brotli receives for a built file: its precompressed `.br`
 * copy, or (files too small to have one) the file compressed as the server would.
 */
export function brotliBytes(clientDir: string, sitePath: string): number {
  const file = path.join(clientDir, ...sitePath.split('/').filter(Boolean))
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size
  return zlib.brotliCompressSync(fs.readFileSync(file)).length
}

/** The client build's assets, read from `clientDir` (dist/client). */
export function readClientAssets(clientDir: string): ClientAssets {
  return new ClientAssets(JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest)
}
