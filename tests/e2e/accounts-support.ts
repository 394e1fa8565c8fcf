import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export const PASSWORD = 'correct horse battery'

let counter = 0
/** A fresh address per call, unique across runs and workers. */
export function newEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`
}

/**
 * English UI on unprefixed pages (/login, /account…) and no age gate: the stored language
 * choice as the language menu leaves it (a cookie the server reads, and local storage).
 */
export async function englishVisitor(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }])
  await page.addInitScript(() => {
    window.localStorage.setItem('ageConfirmed', '1')
    window.localStorage.setItem('locale', 'en')
  })
}

/** The newest link of a kind in the mails to `email`, read from the developer outbox. */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  path: '/verify-email' | '/login/reset-password' | '/login/forgot-password' | '/account/email/confirm' | '/account/email/undo',
): Promise<string> {
  let href: string | undefined
  await expect(async () => {
    const html = await (await request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).text()
    const match = html.match(new RegExp(`href="(https?://[^"/]*${path.replace(/\//g, '\\/')}(\\?[^"]*)?)"`))
    expect(match, `a ${path} link mailed to ${email}`).not.toBeNull()
    href = match![1]!.replace(/&amp;/g, '&')
  }).toPass({ timeout: 10_000 })
  return href!
}

async function mutation(request: APIRequestContext, path: string, input: unknown) {
  const res = await request.post(`/trpc/${path}`, { data: input, headers: { 'x-locale': 'en', 'x-streamclub-csrf': '1' } })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
}

/**
 * A signed-up, signed-in user whose session the page shares (the page's request context holds
 * the browser's cookies): signed in by the mailed verification link, or, when `verified` is
 * false, by logging in with the address still unconfirmed (sign-up itself does not log in).
 */
export async function signedUpUser(page: Page, { verified = true } = {}): Promise<string> {
  const email = newEmail(verified ? 'verified' : 'unverified')
  await mutation(page.request, 'auth.signUp', { email, password: PASSWORD })
  if (verified) {
    const link = new URL(await mailedLink(page.request, email, '/verify-email'))
    await mutation(page.request, 'auth.verifyEmail', { token: link.searchParams.get('token'), email })
  } else {
    await mutation(page.request, 'auth.login', { email, password: PASSWORD })
  }
  return email
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click()
  return page.getByRole('menu')
}

/**
 * Runs SQL against the e2e server's database (the embedded PostgreSQL started by
 * scripts/e2e-server.ts for the running project: its metadata names the port), for states no
 * screen can create yet, such as subscriptions.
 */
export async function e2eSql<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg')
  const port = (test.info().project.metadata as { pgPort?: number } | undefined)?.pgPort
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/streamclub` })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows as T[]
  } finally {
    await client.end()
  }
}

/** The first released video and image set of the seeded catalog (ids), read as the site reads them. */
export async function firstItems(page: Page): Promise<{ video: number; imageSet: number }> {
  const read = async (path: string) => {
    const input = encodeURIComponent(JSON.stringify({ locale: 'en', limit: 1 }))
    const res = await page.request.get(`/trpc/${path}?input=${input}`)
    return (await res.json()).result.data.items[0].id as number
  }
  return { video: await read('catalog.videos'), imageSet: await read('catalog.imageSets') }
}

/** Makes the page's user a member of `plan` through the demo checkout's payment. */
export async function becomeMember(page: Page, plan: string) {
  const res = await page.request.post('/trpc/billing.demoPay', { data: { plan }, headers: { 'x-locale': 'en', 'x-streamclub-csrf': '1' } })
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * Signs the browser in as a new user of the role (a user row and a session, as a login makes
 * them; `npm run user:role` would set the role of a signed-up one the same way). Returns the email.
 */
export async function signedInWithRole(page: Page, role: 'user' | 'admin' | 'permanentAccess'): Promise<string> {
  const { randomBytes } = await import('node:crypto')
  const { hashToken, SESSION_COOKIE } = await import('../../core/services/auth/sessions')
  const token = randomBytes(24).toString('hex')
  const email = newEmail(role)
  const [user] = await e2eSql<{ id: number }>(
    `insert into app_user (email, password_hash, email_verified_at, role, locale, created_at, updated_at)
     values ($1, 'not-used', now(), $2, 'en', now(), now()) returning id`,
    [email, role],
  )
  await e2eSql(
    `insert into session (id, user_id, remember, created_at, last_seen_at, expires_at) values ($1, $2, false, now(), now(), now() + interval '1 hour')`,
    [hashToken(token), user!.id],
  )
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: test.info().project.use.baseURL! }])
  return email
}
