import type { CDPSession, Page } from '@playwright/test'
import { expect, expectNoGraveViolations, test } from './support'
import { englishVisitor, newEmail, PASSWORD, signedUpUser } from './accounts-support'

const API_HEADERS = { 'x-locale': 'en', 'x-streamclub-csrf': '1' }

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

/** Chromium's virtual authenticator: a platform passkey that verifies its user without a prompt. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

test('a member adds a passkey, signs in with it in one tap and removes the password', async ({ page }) => {
  test.setTimeout(90_000)
  await virtualAuthenticator(page)
  const email = await signedUpUser(page)
  await page.goto('/account/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys and sessions' })).toBeVisible()
  await expect(page.getByText('You have no passkey yet.')).toBeVisible()
  await page.getByLabel('Name').fill('Test laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const passkeys = page.getByRole('list', { name: 'Your passkeys' })
  await expect(passkeys.getByText('Test laptop')).toBeVisible()
  await expect(passkeys.getByText('Not used yet')).toBeVisible()

  // Signed out, the login page signs in with the passkey in one tap (no address, no password).
  await page.context().clearCookies({ name: 'sid' })
  await page.goto('/login')
  // The virtual authenticator answers the page's autofill request (conditional mediation) by
  // itself too, so the page may sign in before the tap: either way by the passkey (last used below).
  await page
    .getByRole('button', { name: 'Sign in with a passkey' })
    .click({ timeout: 15_000 })
    .catch(() => undefined)
  await expect(page).toHaveURL(/\/en$/)
  // When both happened, the tap's sign-in may still be under way: its new session ends the one
  // the autofill made, so leaving before its answer (and cookie) arrives would leave signed out.
  await page.waitForLoadState('networkidle')
  await page.goto('/account/security')
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/^Last used on/)).toBeVisible()

  // With a passkey the password can go (the sign-in just now is a fresh proof of identity).
  await page.getByRole('button', { name: 'Remove my password' }).click()
  await expect(page.getByText('Your account has no password: you sign in with your passkeys.')).toBeVisible()
  const login = await page.request.post('/trpc/auth.login', { data: { email, password: PASSWORD }, headers: API_HEADERS })
  expect(login.ok()).toBe(false)

  // The passkey gets a clearer name; an empty one is refused with a translated message.
  await page.getByRole('button', { name: 'Rename Test laptop' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename the passkey' })
  await rename.getByLabel('Name').fill(' ')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(rename.getByText('Please give the passkey a name.')).toBeVisible()
  await expectNoGraveViolations(page, '[role="dialog"]')
  await rename.getByLabel('Name').fill('Work laptop')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(rename).toBeHidden()
  await expect(passkeys.getByText('Work laptop')).toBeVisible()

  // A password again for the passkey-only account: it signs in once more.
  await expectNoGraveViolations(page)
  await page.screenshot({ path: test.info().outputPath('passkey-only.png'), fullPage: true })
  const newPassword = 'a brand new password'
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible()
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByText('Your password has been set.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove my password' })).toBeVisible()
  const again = await page.request.post('/trpc/auth.login', { data: { email, password: newPassword }, headers: API_HEADERS })
  expect(again.ok()).toBe(true)
})

test('a member ends another session from the account page', async ({ page, browser }) => {
  const email = await signedUpUser(page)
  const other = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  })
  const phone = await other.newPage()
  await englishVisitor(phone)
  expect((await phone.request.post('/trpc/auth.login', { data: { email, password: PASSWORD }, headers: API_HEADERS })).ok()).toBe(true)
  expect((await phone.request.get('/trpc/auth.me')).ok()).toBe(true)

  await page.goto('/account/security')
  const sessions = page.getByRole('list', { name: 'Your sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await expect(sessions.getByText('This browser')).toBeVisible()
  await page.getByRole('button', { name: /^End the session on Safari .* on iOS/ }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible()
  const me = (await (await phone.request.get('/trpc/auth.me')).json()) as { result: { data: unknown } }
  expect(me.result.data).toBeNull()
  await other.close()
})

test('a member downloads their data, deletes the account and signs up again with the same address', async ({ page }) => {
  test.setTimeout(90_000)
  const email = await signedUpUser(page)
  await page.goto('/account/privacy')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()])
  const data = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as Record<
    string,
    unknown
  >
  expect(JSON.stringify(data)).toContain(email)

  await page.getByRole('button', { name: 'Delete my account…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' })
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong password!')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await expect(page.getByText('Your account was deleted. Goodbye!')).toBeVisible()
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'sid')).toBeUndefined()

  await page.goto('/sign-up')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-email/)
  expect(newEmail()).not.toBe(email)
})

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
]) {
  test(`account-area pages have no grave axe violation (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    for (const path of [
      '/sign-up',
      '/login',
      '/login/forgot-password',
      '/login/reset-password?token=x&email=a%40b.c',
      '/verify-email',
      '/account/email/confirm?token=x',
      '/account/email/undo?token=x',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The address links' pages show their answer (here: not valid) once the server replied.
      if (path.startsWith('/account/email/confirm')) await expect(page.getByRole('alert')).toBeVisible()
      await expectNoGraveViolations(page)
      await page.screenshot({ path: test.info().outputPath(`${path.split('?')[0]!.replaceAll('/', '_')}.png`), fullPage: true })
    }
    await signedUpUser(page)
    for (const path of ['/account/password', '/account/plan', '/account/email', '/account/security', '/account/privacy', '/favorites', '/watch-later']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoGraveViolations(page)
      await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true })
    }
  })
}
