import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../config.js'
import type { Locale } from '../../domain/locale.js'
import { translator } from '../../i18n.js'
import { queueMail, type OutgoingMail } from '../site/mail.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

type AccountMailKind = 'verify' | 'reset' | 'exists'

/** A verification, password-reset or account-exists mail in the reader's language, with its link. */
export function accountMail(kind: AccountMailKind, to: string, url: string, locale: Locale): OutgoingMail {
  const t = translator(locale).mail
  const texts = t[kind]
  return composeMail(locale, to, { subject: texts.subject(), text: texts.text(), action: texts.action(), note: texts.note() }, url)
}

/** The texts of an account mail: a subject, the paragraph before the link, the button's label and a closing note. */
export interface MailTexts {
  subject: string
  text: string
  /** The link's button; a mail without a link has none. */
  action?: string
  note: string
}

/** An account mail as text and HTML: greeting, text, the link (as a button and in full) if any, note, signature. */
export function composeMail(locale: Locale, to: string, texts: MailTexts, url?: string): OutgoingMail {
  const t = translator(locale).mail
  const link = url ? [url, ''] : ['']
  const text = [t.greeting(), '', texts.text, ...link, texts.note, '', t.signature()].join('\n')
  const button =
    url && texts.action
      ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#d6336c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(url)}</p>
`
      : ''
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting())}</p>
<p>${escapeHtml(texts.text)}</p>
${button}<p>${escapeHtml(texts.note)}</p>
<p>${escapeHtml(t.signature())}</p>
</body></html>`
  return { to, subject: texts.subject, text, html }
}

/** The link of a mailed token, on the address visitors use (PUBLIC_URL). */
export function accountLink(
  config: Config,
  path: '/verify-email' | '/login/reset-password' | '/login/forgot-password' | '/account/email/confirm' | '/account/email/undo',
  params: Record<string, string | undefined> = {},
): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value)
  const query = search.toString()
  return `${config.publicUrl}${path}${query ? `?${query}` : ''}`
}

export async function queueVerificationMail(
  em: EntityManager,
  config: Config,
  to: string,
  token: string,
  locale: Locale,
  redirect: string | undefined,
): Promise<void> {
  await queueMail(em, accountMail('verify', to, accountLink(config, '/verify-email', { token, email: to, redirect }), locale))
}

export async function queueResetMail(em: EntityManager, config: Config, to: string, token: string, locale: Locale): Promise<void> {
  await queueMail(em, accountMail('reset', to, accountLink(config, '/login/reset-password', { token, email: to }), locale))
}

/**
 * Sign-up with an address that has an account: the owner learns it by mail (in the account's
 * language), with the way back in, while the page answers as for a new address.
 */
export async function queueAccountExistsMail(em: EntityManager, config: Config, to: string, locale: Locale): Promise<void> {
  await queueMail(em, accountMail('exists', to, accountLink(config, '/login/forgot-password'), locale))
}
