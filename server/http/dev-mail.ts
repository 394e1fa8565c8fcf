import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../core/db/orm.js'
import { recentMails } from '../../core/services/site/mail.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Escapes a mail's text and turns its http(s) addresses into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * A caller on this machine talking to the server directly. The socket's own address is what
 * counts (not X-Forwarded-For), and a request that passed through a proxy is never local: a
 * reverse proxy on the same machine connects from loopback on behalf of anyone.
 */
function isDirectLoopbackRequest(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-for'] ?? req.headers.forwarded ?? req.headers['x-real-ip']
  return forwarded === undefined && LOOPBACK.test(req.socket.remoteAddress ?? '')
}

/**
 * The developer outbox at /dev/mail: the newest 50 mails the product wrote (sent over
 * SMTP_URL or not), so sign-up and password reset can be followed without a mail server.
 * The mails hold working reset links, so the page answers only callers on this machine
 * (everyone else gets 404) and exists only where config.devOutbox allows it (never in
 * production). ?to= filters by recipient.
 */
export function registerDevMail(app: FastifyInstance, orm: Orm): void {
  app.get<{ Querystring: { to?: string } }>('/dev/mail', async (req, reply) => {
    if (!isDirectLoopbackRequest(req)) return reply.callNotFound()
    const mails = await recentMails(orm.em.fork(), typeof req.query.to === 'string' ? req.query.to : '')
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Written</dt><dd>${mail.createdAt.toISOString()}</dd>
  <dt>Delivery</dt><dd>${mail.sentAt ? `sent ${mail.sentAt.toISOString()}` : mail.error ? `failed: ${escapeHtml(mail.error)}` : 'kept in the outbox'}</dd></dl>
  <pre>${linkify(mail.text)}</pre>
</article>`,
      )
      .join('\n')
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox | Streamclub</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;background:#1a1b1e;color:#e9ecef}
a{color:#faa2c1}article{border:1px solid #373a40;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;font-size:.9rem}dt{color:#909296}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-all;background:#25262b;padding:.75rem;border-radius:6px}</style></head>
<body><header><h1>Outbox</h1><p>Mails written by the product, newest first. This page answers only on this machine and never in production.</p></header>
<main>${items || '<p>No mails yet.</p>'}</main></body></html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}
