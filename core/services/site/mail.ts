import type { EntityManager } from '@mikro-orm/postgresql'
import { MailMessage } from '../../db/entities/index.js'
import { addJob } from '../ops/jobs.js'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** Remove the stored copy once delivered (the confirmation of an account's deletion). */
  forgetAfterSending?: boolean
}

/**
 * The one way the product sends mail: the message is stored (the outbox) and a send_mail job
 * delivers it. Call it inside the transaction of the change the mail is about.
 */
export async function queueMail(em: EntityManager, mail: OutgoingMail): Promise<MailMessage> {
  const message = em.create(MailMessage, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    forgetAfterSending: mail.forgetAfterSending ?? false,
  })
  await em.flush()
  await addJob(em, 'send_mail', { id: message.id }, { maxAttempts: 10 })
  return message
}

/** The newest mails of the outbox (optionally for one recipient, matched without regard to case). */
export function recentMails(em: EntityManager, recipient: string, limit = 50): Promise<MailMessage[]> {
  const to = recipient.trim()
  return em.find(MailMessage, to ? { to: { $ilike: to.replace(/[\\%_]/g, (c) => `\\${c}`) } } : {}, { orderBy: { id: 'desc' }, limit })
}
