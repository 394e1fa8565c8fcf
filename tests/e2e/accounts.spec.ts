import { expect, test } from './support'
import { e2eSql, englishVisitor, mailedLink, newEmail, openUserMenu, PASSWORD, signedUpUser } from './accounts-support'

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

const passwordBox = (page: import('@playwright/test').Page, name: string) => page.getByRole('textbox', { name, exact: true })

test('a new user signs up, verifies, logs in, changes the password, logs out, resets it and is logged in', async ({ page, context }) => {
  test.setTimeout(120_000)
  const email = newEmail('journey')

  // Sign up, coming from a video list.
  await page.goto('/sign-up?redirect=%2Fen%2Fvideos')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please enter your email address.')).toBeVisible()
  await expect(page.getByText('Please enter your password.')).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await passwordBox(page, 'Password').fill('short')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible()
  await passwordBox(page, 'Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()

  // Sign-up success leads to verify-email: check your inbox (not signed in yet: sign-up answers
  // the same for known addresses, so it logs nobody in).
  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}&redirect=%2Fen%2Fvideos`)
  await expect(page.getByText(`We have sent a mail to ${email}. Open the link in it: it confirms your address and logs you in.`)).toBeVisible()
  expect((await context.cookies()).find((cookie) => cookie.name === 'sid')).toBeUndefined()
  await page.getByRole('button', { name: 'Send the link again' }).click()
  await expect(page.getByRole('alert').filter({ hasText: `If ${email} still has to be confirmed, we have sent it a new link.` })).toBeVisible()

  // The link in the outbox confirms the address, logs in and goes on to the redirect; the
  // session cookie is httpOnly.
  await page.goto(await mailedLink(page.request, email, '/verify-email'))
  await expect(page).toHaveURL(/\/en\/videos$/)
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you, your email address is confirmed.' })).toBeVisible()
  const sid = (await context.cookies()).find((cookie) => cookie.name === 'sid')
  expect(sid?.httpOnly).toBe(true)
  expect(sid?.sameSite).toBe('Lax')
  expect(await page.evaluate(() => document.cookie)).not.toContain('sid=')

  // Log out from the user menu, log in again.
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email address').fill(email.toUpperCase())
  await passwordBox(page, 'Password').fill(PASSWORD)
  await page.getByLabel('Stay logged in').check()
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/en$/)
  const remembered = (await context.cookies()).find((cookie) => cookie.name === 'sid')
  expect(remembered?.value).not.toBe(sid?.value)
  expect(remembered!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400)

  // Account opens the change-password form.
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/account\/password$/)
  await passwordBox(page, 'Current password').fill('not my password')
  await passwordBox(page, 'New password').fill('a brand new secret')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The current password is not correct.')).toBeVisible()
  await passwordBox(page, 'Current password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed.' })).toBeVisible()
  await expect(passwordBox(page, 'Current password')).toHaveValue('')
  await expect(passwordBox(page, 'New password')).toHaveValue('')

  // Log out from the account page; the old password no longer works.
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await passwordBox(page, 'Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The email address or the password is not correct.' })).toBeVisible()

  // Forgot password: confirmation, request again returns to the form.
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/login\/forgot-password$/)
  // The URL changes before the route has rendered; the login form's field has the same label.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Request again' }).click()
  await expect(page.getByLabel('Email address')).toBeVisible()

  // The reset link: a new password, then logged in on the home page.
  const resetLink = await mailedLink(page.request, email, '/login/reset-password')
  await page.goto(resetLink)
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible()
  await passwordBox(page, 'New password').fill('the third password')
  await page.getByRole('button', { name: 'Save password and log in' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed. You are logged in.' })).toBeVisible()
  await expect((await openUserMenu(page)).getByText(email)).toBeVisible()
  await page.keyboard.press('Escape')

  // The link works once.
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await page.goto(resetLink)
  await passwordBox(page, 'New password').fill('a fourth password')
  await page.getByRole('button', { name: 'Save password and log in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This link has already been used. Please request a new one.' })).toBeVisible()
})

test.describe('access gates', () => {
  test('the protected area sends visitors to sign-up with the path to come back to', async ({ page }) => {
    for (const path of ['/account', '/account/password', '/account/plan', '/watch-later', '/favorites']) {
      await page.goto(path)
      await expect(page).toHaveURL(`/sign-up?redirect=${encodeURIComponent(path)}`)
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible()
  })

  test('reset-password without a token goes to forgot-password; verify-email asks visitors for the address to send the link to again', async ({
    page,
    context,
  }) => {
    await page.goto('/login/reset-password?email=a%40example.com')
    await expect(page).toHaveURL(/\/login\/forgot-password$/)

    const email = newEmail('asks-again')
    await page.request.post('/trpc/auth.signUp', { data: { email, password: PASSWORD }, headers: { 'x-locale': 'en', 'x-streamclub-csrf': '1' } })
    const first = await mailedLink(page.request, email, '/verify-email')
    await page.goto('/verify-email')
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible()
    await expect(page.getByText('Enter the email address you signed up with, and we will send you the link to confirm it again.')).toBeVisible()
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await expect(page.getByText('Please enter your email address.')).toBeVisible()
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await expect(page.getByText(`We have sent a mail to ${email}. Open the link in it: it confirms your address and logs you in.`)).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: `If ${email} still has to be confirmed, we have sent it a new link.` })).toBeVisible()
    const second = await mailedLink(page.request, email, '/verify-email')
    expect(second).not.toBe(first)
    expect((await context.cookies()).find((cookie) => cookie.name === 'sid')).toBeUndefined()
    await page.goto(second)
    await expect(page).toHaveURL(/\/en$/)
    await expect((await openUserMenu(page)).getByText(email)).toBeVisible()
  })

  test('sign-up with an address that has an account looks the same, and its owner gets a mail with the way back in', async ({ page, context }) => {
    // The account was made in German; the second sign-up comes from the English page.
    const email = newEmail('known')
    await page.request.post('/trpc/auth.signUp', { data: { email, password: PASSWORD }, headers: { 'x-locale': 'de', 'x-streamclub-csrf': '1' } })
    await page.goto('/sign-up')
    await page.getByLabel('Email address').fill(email.toUpperCase())
    await passwordBox(page, 'Password').fill('a different password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email.toUpperCase())}`)
    await expect(page.getByText(`We have sent a mail to ${email.toUpperCase()}. Open the link in it: it confirms your address and logs you in.`)).toBeVisible()
    expect((await context.cookies()).find((cookie) => cookie.name === 'sid')).toBeUndefined()

    // The owner's mail, in the account's language: you already have an account; reset the password here.
    await expect(async () => {
      const html = await (await page.request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).text()
      expect(html).toContain('Du hast bereits ein Streamclub-Konto')
    }).toPass({ timeout: 10_000 })
    await page.goto(await mailedLink(page.request, email, '/login/forgot-password'))
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  })

  test('an unverified user is sent to verify-email from the protected and the login area', async ({ page }) => {
    await signedUpUser(page, { verified: false })
    await page.goto('/account/plan')
    await expect(page).toHaveURL(`/verify-email?redirect=${encodeURIComponent('/account/plan')}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible()
    await page.goto('/login')
    await expect(page).toHaveURL(/\/verify-email$/)
  })

  test('a verified user leaves the login area for the redirect or home, and verify-email for home', async ({ page }) => {
    await signedUpUser(page)
    await page.goto('/login?redirect=%2Fen%2Fvideos')
    await expect(page).toHaveURL(/\/en\/videos$/)
    await page.goto('/sign-up')
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/verify-email')
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example')
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/account/plan')
    await expect(page.getByRole('heading', { level: 1, name: 'My plan' })).toBeVisible()
    await expect(page.getByText('You have no membership yet.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Choose a plan' })).toBeVisible()
  })
})

test('repeated wrong passwords hit the rate limit with a translated message', async ({ page }) => {
  const email = newEmail('limited')
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  const wrong = page.getByRole('alert').filter({ hasText: 'The email address or the password is not correct.' })
  for (let attempt = 1; attempt <= 5; attempt++) {
    await passwordBox(page, 'Password').fill(`guess number ${attempt}`)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(wrong).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled()
  }
  await passwordBox(page, 'Password').fill('one more guess')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: /^Too many attempts\. Please wait \d+ seconds and try again\.$/ })).toBeVisible()
})

test.describe('header user menu', () => {
  test('logged out: log in and become a member', async ({ page }) => {
    await page.goto('/en')
    const menu = await openUserMenu(page)
    await expect(menu.getByRole('menuitem')).toHaveText(['Log in', 'Become a member'])
  })

  test('stays in view on a phone, where the languages move into the navigation drawer', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/en')
    await expect(page.getByRole('button', { name: 'User menu' })).toBeInViewport({ ratio: 1 })
    await page.getByRole('banner').getByRole('button', { name: 'Main navigation' }).click()
    await page.getByRole('navigation').getByRole('button', { name: 'Language' }).click()
    // Tap once the list has opened, as a person would: while it expands, the last item is
    // still clipped, and a click scrolled into it lands elsewhere when the list settles.
    const italiano = page.getByRole('navigation').getByRole('button', { name: 'Italiano' })
    await expect(italiano).toBeInViewport({ ratio: 1 })
    await italiano.click()
    await expect(page).toHaveURL(/\/it$/)
  })

  test('logged in: account, become member, logout, watch later, favorites, language, FAQ, support', async ({ page }) => {
    await signedUpUser(page)
    await page.goto('/en/videos')
    const menu = await openUserMenu(page)
    await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Become a member', 'Log out', 'Watch later', 'Favorites', 'Language', 'FAQ', 'Support'])
    await menu.getByRole('menuitem', { name: 'Language' }).hover()
    await page.getByRole('menuitem', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/de\/videos$/)
  })
})

test.describe('plans', () => {
  test('the sign-up page shows the cheapest yearly and monthly plan with their features', async ({ page }) => {
    await page.goto('/sign-up')
    const offers = page.getByRole('region', { name: 'Our memberships' })
    await expect(offers.getByRole('article')).toHaveCount(2)
    const yearly = offers.getByRole('article', { name: 'Basic Year' })
    await expect(yearly.getByText('€95.88')).toBeVisible()
    await expect(yearly.getByText('per 12 months')).toBeVisible()
    await expect(yearly.getByText('only €7.99 per month')).toBeVisible()
    const monthly = offers.getByRole('article', { name: 'Basic Month' })
    await expect(monthly.getByText('Try 2 days for €1.00, then €14.99 per month')).toBeVisible()
    await expect(monthly.getByRole('listitem')).toContainText(['All videos and image sets', 'Full HD streaming'])
  })

  test('select-plan lists every public plan, the highlighted one marked most popular', async ({ page }) => {
    const plans = await page.request.get(`/trpc/plans.list?input=${encodeURIComponent(JSON.stringify({ locale: 'en' }))}`)
    const publicPlans = (await plans.json()).result.data as unknown[]
    expect(publicPlans.length).toBeGreaterThan(1)
    await page.goto('/account/select-plan')
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(publicPlans.length)
    const popular = page.getByRole('article', { name: 'Premium Year' })
    await expect(popular.getByText('Most popular')).toBeVisible()
    await expect(popular.getByText('Downloads: 20 per day')).toBeVisible()
    await expect(page.getByRole('article', { name: 'Premium 2 Years' }).getByText('per 24 months')).toBeVisible()
  })
})

test('the plan page shows a scheduled downgrade, then a cancellation, with dates and a disabled plan change', async ({ page }) => {
  const email = await signedUpUser(page)
  await e2eSql(
    `insert into subscription (user_id, plan_id, external_id, status, started_at, paid_until, pending_change, pending_plan_id, pending_from, created_at, updated_at)
     select u.id, p.id, 'e2e-' || u.id, 'active', now() - interval '30 days', '2031-03-14T12:00:00Z', 'change', n.id, '2031-03-14T12:00:00Z', now(), now()
     from app_user u, plan p, plan n where u.email = $1 and p.sid = 'premium-yearly' and n.sid = 'basic-yearly'`,
    [email],
  )
  await page.goto('/account/plan')
  await expect(page.getByText('Your plan: Premium Year (Yearly)')).toBeVisible()
  await expect(page.getByText('Your plan changes to Basic Year on March 14, 2031.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeDisabled()
  await expect(page.getByRole('link', { name: /Change payment method/ })).toHaveAttribute('href', 'https://billing-support.example.com/subscriptions/update')
  // The payment provider's pages (the demo provider's example ones), marked as external.
  await expect(page.getByRole('link', { name: 'Cancel membership (opens the payment provider)' })).toHaveAttribute(
    'href',
    'https://billing-support.example.com/subscriptions/cancel',
  )
  await expect(page.getByRole('article', { name: 'Premium Year' }).getByText('Most popular')).toBeVisible()

  await e2eSql(
    `update subscription set pending_change = 'cancel', pending_plan_id = null where external_id like 'e2e-%' and user_id = (select id from app_user where email = $1)`,
    [email],
  )
  await page.reload()
  await expect(page.getByText('Your membership is cancelled and ends on March 14, 2031.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeDisabled()
  // Already cancelled: no cancel link; the payment method can still be changed.
  await expect(page.getByRole('link', { name: /Cancel membership/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Change payment method/ })).toBeVisible()
  // A member no longer sees "become a member".
  await expect(page.getByRole('banner').getByRole('link', { name: 'Become a member' })).toHaveCount(0)
})
