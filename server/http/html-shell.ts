import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { detailOfPath, isStorableId, pageMeta, type DetailKind } from './page-meta.js'
import type { Locale } from '../domain/locale.js'

/** Looks up a detail page's title; null when the item does not exist or may not be shown. */
export type DetailTitleLookup = (kind: DetailKind, id: number, locale: Locale) => Promise<string | null>

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The built client's index.html, served for every client route with the page's title,
 * description, html lang and hreflang links filled in.
 */
export function renderShell(
  template: string,
  pathname: string,
  publicUrl: string,
  detail?: { title: string | null },
): { status: number; html: string } {
  const meta = pageMeta(pathname, publicUrl, detail)
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ...meta.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`),
  ].join('\n    ')
  let html = template.replace('<!--app-head-->', head)
  if (meta.pathLocale) html = html.replace('<html>', `<html lang="${meta.pathLocale}">`)
  return { status: meta.status, html }
}

export function registerHtmlShell(app: FastifyInstance, config: Config, lookupDetail?: DetailTitleLookup): void {
  const indexFile = path.join(config.clientDir, 'index.html')
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null
  if (!template) app.log.warn(`${indexFile} is missing: run "npm run build" to build the client`)

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')
    const reserved = /^\/(trpc|media|protected|assets|download|api)(\/|$)/.test(pathname)
    if (!wantsHtml || reserved) {
      return reply.code(404).send({ error: 'Not Found' })
    }
    if (!template) {
      return reply.code(503).type('text/plain').send('The client is not built yet. Run "npm run build".')
    }
    // Detail pages exist only for items that may be shown: others answer 404 (and the client
    // shows its not-found page); those that exist get their title in the document title.
    const detailPath = lookupDetail ? detailOfPath(pathname) : null
    const detail = detailPath
      ? { title: isStorableId(detailPath.id) ? await lookupDetail!(detailPath.kind, detailPath.id, detailPath.locale) : null }
      : undefined
    const { status, html } = renderShell(template, pathname, config.publicUrl, detail)
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
  })
}
