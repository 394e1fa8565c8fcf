import { expect, expectNoGraveViolations, test } from './support'
import { e2eSql, englishVisitor, mailedLink, newEmail, PASSWORD, signedUpUser } from './accounts-support'

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

test('a member changes the address by the mailed link, and the old address undoes it', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const oldEmail = await signedUpUser(page)
  const movedTo = newEmail('moved')
  // The sign-in is no longer fresh: the change asks the member to confirm it is them.
  await e2eSql(`update session set authenticated_at = now() - interval '1 hour' where user_id = (select id from app_user where email = $1)`, [oldEmail])

  await page.goto('/account/password')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Email address' }).click()
  await expect(page).toHaveURL(/\/account\/email$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Email address' })).toBeVisible()
  await expect(page.getByText(`Your address: ${oldEmail}`)).toBeVisible()
  await page.getByRole('button', { name: 'Send the confirmation link' }).click()
  await expect(page.getByText('Please enter your email address.')).toBeVisible()
  await page.getByLabel('New email address').fill(oldEmail.toUpperCase())
  await page.getByRole('button', { name: 'Send the confirmation link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('That is already your address.')).toBeVisible()
  // A field's error is readable on the dark page too (contrast).
  await expectNoGraveViolations(page)

  await page.getByLabel('New email address').fill(movedTo)
  await page.getByRole('button', { name: 'Send the confirmation link' }).click()
  await expect(page.getByText(`Waiting for confirmation: ${movedTo}.`)).toBeVisible()
  await expect(page.getByText(`Your address: ${oldEmail}`)).toBeVisible()
  await expectNoGraveViolations(page)

  // The link to the new address works in any browser, signed in or not.
  const confirmLink = await mailedLink(page.request, movedTo, '/account/email/confirm')
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const other = await elsewhere.newPage()
  await englishVisitor(other)
  await other.goto(confirmLink)
  await expect(other.getByRole('heading', { level: 1, name: 'Confirm your new address' })).toBeVisible()
  await expect(other.getByText(`Your address is now ${movedTo}. Sign in with it from now on.`)).toBeVisible()
  await expect(other.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expectNoGraveViolations(other)
  // A second use says so, translated, without a server error.
  await other.goto(confirmLink)
  await expect(other.getByRole('alert')).toHaveText('This link has already been used. Please request a new one.')
  await elsewhere.close()

  await page.reload()
  await expect(page.getByText(`Your address: ${movedTo}`)).toBeVisible()
  await expect(page.getByText(/^Waiting for confirmation/)).toHaveCount(0)

  // The notice to the previous address undoes it: the old address comes back, every session ends.
  await page.goto(await mailedLink(page.request, oldEmail, '/account/email/undo'))
  await expect(page.getByRole('heading', { level: 1, name: 'Undo the address change' })).toBeVisible()
  await expectNoGraveViolations(page)
  await page.getByRole('button', { name: 'Undo the change' }).click()
  await expect(page.getByText(`Your address is ${oldEmail} again, and every session was ended.`, { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Choose a new password' })).toBeVisible()
  const me = (await (await page.request.get('/trpc/auth.me')).json()) as { result: { data: unknown } }
  expect(me.result.data).toBeNull()

  await page.goto('/login')
  await page.getByLabel('Email address').fill(oldEmail)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/en$/)
})

test('bad, missing and used address links get a translated message, never a server error', async ({ page }) => {
  await page.goto('/account/email/confirm?token=not-a-real-token')
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please request a new one.')
  await page.goto('/account/email/confirm')
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please request a new one.')
  await page.goto(`/account/email/confirm?token=${'x'.repeat(300)}`)
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please request a new one.')
  await page.goto('/account/email/undo?token=not-a-real-token')
  await page.getByRole('button', { name: 'Undo the change' }).click()
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please request a new one.')
  await page.goto('/account/email/undo')
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please request a new one.')
  await expect(page.getByRole('button', { name: 'Undo the change' })).toHaveCount(0)
})
