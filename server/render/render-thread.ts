/**
 * A page render thread (run by the pool of render-pool.ts): renders one page with the built
 * server entry, away from the server's event loop. The page's data still comes from the server
 * thread: the entry's server-thread client sends every procedure call over the task's
 * MessagePort, and the server thread runs it in the anonymous visitor's context (database,
 * caches and metrics stay there).
 */
import type { MessagePort } from 'node:worker_threads'
import { pathToFileURL } from 'node:url'
import type { Manifest } from '@tanstack/react-router'
import type { PageEnvironment } from '../../src/lib/page-environment.js'
import type { RenderRequest } from '../../src/entry-server.js'
import type { CallPort } from '../../src/lib/server-thread-link.js'

export interface RenderTask {
  serverEntry: string
  url: string
  env: PageEnvironment
  manifest: Manifest
  /** Procedure calls go out and their answers come back here. */
  port: MessagePort
}

export interface RenderedResponse {
  status: number
  location: string | null
  html: string
}

/** What the server needs of the entry's Response (a redirect's body is not read). */
export async function renderedOf(response: Response): Promise<RenderedResponse> {
  const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
  return { status: response.status, location, html: location ? '' : await response.text() }
}

interface Entry {
  render(request: RenderRequest): Promise<Response>
  createServerThreadClient(port: CallPort): RenderRequest['apiClient']
}
const entries = new Map<string, Promise<Entry>>()
const entryOf = (file: string) => entries.get(file) ?? entries.set(file, import(pathToFileURL(file).href) as Promise<Entry>).get(file)!

/** Loads the server entry ahead of the first page (a thread's first import takes about a second). */
export async function warm(serverEntry: string): Promise<void> {
  await entryOf(serverEntry)
}

export default async function renderPage({ serverEntry, url, env, manifest, port }: RenderTask): Promise<RenderedResponse> {
  const entry = await entryOf(serverEntry)
  try {
    const apiClient = entry.createServerThreadClient(port as unknown as CallPort)
    return await renderedOf(await entry.render({ request: new Request(url, { headers: { accept: 'text/html' } }), apiClient, env, manifest }))
  } finally {
    port.close()
  }
}
