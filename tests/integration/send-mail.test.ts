import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quickAddJob, runOnce } from 'graphile-worker'
import { MailMessage } from '../../core/db/entities/index.js'
import { accountMail } from '../../core/services/auth/auth-mail.js'
import { queueMail } from '../../core/services/site/mail.js'
import { createTaskList } from '../../worker/tasks/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { testConfig } from '../support/config.js'
import { fakeSmtpServer } from '../support/fake-smtp.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

describe('send_mail over SMTP_URL', () => {
  it('delivers an account mail with its link, then keeps the stored copy without the token', async () => {
    const smtp = await fakeSmtpServer()
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde'
    const em = db.orm.em.fork()
    const url = `https://club.example/login/reset-password?token=${token}&email=mia%40example.com`
    const message = await queueMail(em, accountMail('reset', 'mia@example.com', url, 'en'))

    await quickAddJob({ connectionString: db.url }, 'send_mail', { id: message.id })
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    await runOnce({ connectionString: db.url, taskList: createTaskList({ config, orm: db.orm }) })
    await smtp.close()

    expect(smtp.received).toHaveLength(1)
    const delivered = smtp.received[0]!.replace(/=\n/g, '')
    expect(delivered).toContain('Subject: Choose a new password')
    expect(delivered).toContain(token)

    const stored = await db.orm.em.fork().findOneOrFail(MailMessage, message.id)
    expect(stored.sentAt).not.toBeNull()
    expect(stored.text).toContain('https://club.example/login/reset-password?token=[redacted]&email=mia%40example.com')
    expect(stored.text).toContain('Choose a new password with this link:')
    expect(`${stored.text}${stored.html}`).not.toContain(token)
  })
})
