import nodemailer from 'nodemailer'
import type { Task } from 'graphile-worker'
import { MailMessage } from '../../core/db/entities/index.js'
import { redactLinks } from '../../core/redact.js'
import type { WorkerDeps } from '../deps.js'

/**
 * Delivers one stored mail over SMTP_URL. Without SMTP_URL the mail stays in the outbox
 * (the mail_message table, readable at /dev/mail) and nothing is dropped.
 * Throwing makes graphile-worker retry with backoff; a sent mail is never sent twice.
 * Once delivered, the stored copy keeps its text but not the tokens of its links, so the
 * database never holds a usable verification or reset link for a mail that left; a mail marked
 * forgetAfterSending (the confirmation of an account's deletion) is removed instead.
 */
export const sendMailTask = ({ config, orm }: WorkerDeps): Task => {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null
  return async (payload, helpers) => {
    const id = (payload as { id?: unknown })?.id
    if (typeof id !== 'number') throw new Error('send_mail: payload.id must be a number')
    const em = orm.em.fork()
    const message = await em.findOne(MailMessage, id)
    if (!message || message.sentAt) return
    if (!transport) {
      helpers.logger.info(`mail ${id} kept in the dev outbox (no SMTP_URL)`)
      return
    }
    try {
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined })
      if (message.forgetAfterSending) {
        // The last mail to a deleted account: once it left, no copy of the address stays.
        em.remove(message)
        await em.flush()
        return
      }
      message.sentAt = new Date()
      message.error = null
      message.text = redactLinks(message.text)
      message.html = message.html ? redactLinks(message.html) : null
    } catch (error) {
      message.error = error instanceof Error ? error.message : String(error)
      await em.flush()
      throw error
    }
    await em.flush()
  }
}
