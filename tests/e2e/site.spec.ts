import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import pg from 'pg'
import { SESSION_COOKIE, hashToken } from '../../core/services/auth/sessions.js'
import { confirmAgeInAdvance, expect, test } from './support'

/** The e2e server's database (scripts/e2e-server.ts on E2E_PG_PORT), to check stored rows. */
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? 54340}/streamclub` })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** Signs the browser in as a new administrator (a user row and a session, as a login makes them). */
async function signInAsAdmin(page: Page): Promise<void> {
  const token = crypto.randomBytes(24).toString('hex')
  const [user] = await query<{ id: number }>(
    `insert into app_user (email, password_hash, email_verified_at, role, locale, created_at, updated_at)
     values ($1, 'not-used', now(), 'admin', 'en', now(), now()) returning id`,
    [`admin-${token.slice(0, 8)}@example.com`],
  )
  await query(
    `insert into session (id, user_id, remember, created_at, last_seen_at, expires_at) values ($1, $2, false, now(), now(), now() + interval '1 hour')`,
    [hashToken(token), user!.id],
  )
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: test.info().project.use.baseURL! }])
}

test('contact: a validation error first, then the message is sent, stored and mailed to support', async ({ page }) => {
  await page.goto('/en/contact')
  await expect(page.getByRole('heading', { name: 'Support hours' })).toBeVisible()
  await expect(page.getByText('Email support around the clock (24/7) in German and English.')).toBeVisible()

  const form = page.getByRole('form', { name: 'Contact form' })
  await form.getByRole('button', { name: 'Send message' }).click()
  for (const message of [
    'Please enter your first name.',
    'Please enter your last name.',
    'Please enter your email address.',
    'Please enter a subject.',
    'Please enter your message.',
  ]) {
    await expect(form.getByText(message)).toBeVisible()
  }

  const subject = `Question ${crypto.randomUUID().slice(0, 8)}`
  await form.getByLabel('First name').fill('Anna')
  await form.getByLabel('Last name').fill('Muster')
  await form.getByLabel('Email address').fill('anna@example')
  await form.getByLabel('Subject').fill(subject)
  await form.getByLabel('Message').fill('Can I change my plan?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible()

  await form.getByLabel('Email address').fill('anna@example.com')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible()
  await expect(page.getByText('Thank you, Anna. We have received your message and will answer you at anna@example.com.')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Your message has been sent.' })).toBeVisible()

  const mails = await query<{ to: string; text: string }>(`select "to", text from mail_message where subject like $1`, [`%${subject}`])
  expect(mails).toHaveLength(1)
  expect(mails[0]!.to).toBe('support@streamclub.localhost')
  expect(mails[0]!.text).toContain('Can I change my plan?')

  await page.getByRole('button', { name: 'Write another message' }).click()
  await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('Subject')).toHaveValue('')
})

test('report: the url query fills the first URL; a foreign URL is refused, a URL of this site is sent', async ({ page, baseURL }) => {
  await page.goto('/en/report?url=/en/videos/1')
  await expect(page.getByText('We review every report carefully and process it within 7 business days.')).toBeVisible()
  const form = page.getByRole('form', { name: 'Content removal report' })
  const firstUrl = form.getByRole('textbox', { name: 'URL 1' })
  await expect(firstUrl).toHaveValue(`${baseURL}/en/videos/1`)
  await expect(form.getByRole('radio', { name: 'Abuse' })).toBeChecked()
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeChecked()

  const description = `Published without consent ${crypto.randomUUID().slice(0, 8)}`
  await form.getByLabel('Your name').fill('Anna Muster')
  await form.getByLabel('Your email address').fill('anna@example.com')
  await firstUrl.fill('https://elsewhere.example/en/videos/1')
  await form.getByRole('checkbox', { name: 'Published without consent' }).check()
  await form.getByLabel('Description').fill(description)
  await form.getByLabel('Signature (full legal name)').fill('Anna Maria Muster')
  await form.getByRole('checkbox', { name: /I confirm under oath/ }).check()
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(form.getByText('Please enter a valid URL of this site.')).toBeVisible()

  await firstUrl.fill(`${baseURL}/en/videos/2`)
  await form.getByRole('button', { name: 'Add another URL' }).click()
  await expect(form.getByRole('textbox', { name: 'URL 2' })).toHaveValue('')
  await form.getByRole('radio', { name: 'No' }).check()
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('heading', { name: 'Report received' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Your report has been sent.' })).toBeVisible()

  const [row] = await query<{ urls: string[]; type: string; depicted: boolean; issues: string[] }>(
    `select urls, type, depicted, issues from removal_report where description = $1`,
    [description],
  )
  expect(row).toEqual({ urls: [`${baseURL}/en/videos/2`], type: 'abuse', depicted: false, issues: ['non_consentual'] })
})

test('legal pages: rich text by slug in two languages, internal links stay in the app', async ({ page }) => {
  await page.goto('/en/tos')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '2. Adults only' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Do not let minors see the content.' })).toBeVisible()
  await expect(page.getByRole('main').locator('strong', { hasText: 'at least 18 years old' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'contact form' }).click()
  await expect(page).toHaveURL(/\/en\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()

  await page.goto('/de/tos')
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '2. Nur für Erwachsene' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page).toHaveTitle('Allgemeine Geschäftsbedingungen | Streamclub')
})

test('an unknown rich-text element shows the error screen inside the layout', async ({ page }) => {
  // The stored document gains an element the renderer does not know.
  await page.route('**/trpc/**site.legalPage**', async (route) => {
    // A request the page dropped meanwhile (a link's preload overtaken by the click) has no body to change.
    const response = await route.fetch().catch(() => null)
    const body = await response?.json().catch(() => null)
    if (!response || !body) return route.abort().catch(() => undefined)
    const procedures = new URL(route.request().url()).pathname.split('/').pop()!.split(',')
    body[procedures.indexOf('site.legalPage')].result.data.content.ops.push({ insert: { video: 'clip.mp4' } })
    await route.fulfill({ response, json: body })
  })
  // The first page comes rendered from the server; the privacy page is then read by the browser.
  await page.goto('/en/tos')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByText('A problem occurred. Our team has been informed.')).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('FAQ: questions open to their answers, with the support hours', async ({ page }) => {
  await page.goto('/en/faq')
  await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible()
  const question = page.getByRole('button', { name: 'When can I reach the support team?' })
  await question.click()
  await expect(question).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Monday to Friday, 08:00 – 20:00, and on Saturdays and Sundays, 12:00 – 18:00/)).toBeVisible()
  await page.getByRole('button', { name: 'Is there a download limit?' }).click()
  await expect(page.getByText(/daily download limit per account/)).toBeVisible()
  await page.getByRole('link', { name: 'Contact our support' }).click()
  await expect(page).toHaveURL(/\/en\/contact$/)
})

test('error screen: an administrator raises the test error, feedback is required when sent, then stored', async ({ page }) => {
  await confirmAgeInAdvance(page)
  await page.goto('/en/videos')
  // For everybody else the copyright line is plain text.
  await expect(page.getByRole('contentinfo').getByText(/© \d{4} Streamclub/)).toBeVisible()
  await expect(page.getByRole('button', { name: /© \d{4} Streamclub/ })).toHaveCount(0)

  await signInAsAdmin(page)
  await page.reload()
  await page.getByRole('button', { name: /© \d{4} Streamclub/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()

  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page.getByText('Please tell us what you did.')).toBeVisible()
  const feedback = `I clicked the copyright line ${crypto.randomUUID().slice(0, 8)}`
  await page.getByLabel(/What were you doing when the problem occurred/).fill(feedback)
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible()

  const [row] = await query<{ path: string; error_text: string; user_id: number | null }>(
    `select path, error_text, user_id from error_feedback where message = $1`,
    [feedback],
  )
  expect(row).toMatchObject({ path: '/en/videos', error_text: 'Error: Test error raised by an administrator' })
  expect(row!.user_id).not.toBeNull()

  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible()
})

test('error screen: Skip leaves for the home page', async ({ page }) => {
  await confirmAgeInAdvance(page)
  await signInAsAdmin(page)
  await page.goto('/de/models')
  await page.getByRole('button', { name: /© \d{4} Streamclub/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Etwas ist schiefgelaufen' })).toBeVisible()
  await page.getByRole('link', { name: 'Überspringen' }).click()
  await expect(page).toHaveURL(/\/de$/)
  await expect(page.getByRole('heading', { name: 'Neueste Videos' })).toBeVisible()
})
