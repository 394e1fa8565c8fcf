import { expect, test } from './support'
import { englishVisitor, mailedLink, newEmail, PASSWORD, signedUpUser } from './accounts-support'

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

test('a new user picks a plan, signs up, confirms the address, pays in the demo checkout and is a member', async ({ page }) => {
  const email = newEmail('member')
  const banner = page.getByRole('banner')

  // A visitor picks a plan: sign-up comes first, remembering the choice.
  await page.goto('/account/select-plan')
  await expect(banner.getByRole('link', { name: 'Become a member' })).toBeVisible()
  await page.getByRole('article', { name: 'Basic Month' }).getByRole('link', { name: 'Join now: Basic Month' }).click()
  await expect(page).toHaveURL(`/sign-up?redirect=${encodeURIComponent('/account/select-plan?plan=basic-monthly')}&locale=en`)
  await expect(page.getByText('Your choice: Basic Month')).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-email\?email=[^&]+&redirect=/)

  // The mailed link confirms the address and leads back to the chosen plan.
  await page.goto(await mailedLink(page.request, email, '/verify-email'))
  await expect(page).toHaveURL(/\/account\/select-plan\?plan=basic-monthly$/)
  await expect(page.getByText('Your choice: Basic Month')).toBeVisible()
  await page.getByRole('link', { name: 'Continue to payment: Basic Month' }).click()

  // The demo checkout stands in for the payment provider.
  await expect(page).toHaveURL(/\/demo-checkout\?plan=basic-monthly&locale=en$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const card = page.getByRole('article', { name: 'Basic Month' })
  await expect(card.getByText('Due today: €1.00')).toBeVisible()
  await expect(card.getByText(/^Your trial runs for 2 days; then €14\.99 per month from /)).toBeVisible()
  await card.getByRole('button', { name: 'Pay €1.00' }).click()

  // A member now: the plan page shows the plan, the header no longer offers membership.
  await expect(page).toHaveURL(/\/account\/plan$/)
  await expect(page.getByRole('alert').filter({ hasText: 'Payment received. Welcome, you are now a member!' })).toBeVisible()
  await expect(page.getByText('Your plan: Basic Month (Monthly)')).toBeVisible()
  await expect(page.getByText(/^Trial until /)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change plan' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Cancel membership/ })).toHaveAttribute('href', 'https://billing-support.example.com/subscriptions/cancel')
  await expect(banner.getByRole('link', { name: 'Become a member' })).toHaveCount(0)

  // The plans page now marks the own plan and offers the others as a change.
  await page.goto('/account/select-plan')
  await expect(page.getByRole('article', { name: 'Basic Month' }).getByRole('button', { name: 'Your current plan' })).toBeDisabled()
  await expect(page.getByRole('article', { name: 'Premium Year' }).getByRole('link', { name: 'Switch to this plan: Premium Year' })).toBeVisible()
})

test('the join link decides the language of every page it leads to, not the stored choice', async ({ page }) => {
  // The stored choice is German (cookie and local storage); the links say otherwise.
  await page.context().addCookies([{ name: 'locale', value: 'de', url: test.info().project.use.baseURL! }])
  await page.addInitScript(() => window.localStorage.setItem('locale', 'de'))

  await page.goto('/subscriptions/join/basic-monthly?locale=it')
  await expect(page).toHaveURL(/\/sign-up\?redirect=.+&locale=it$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Registrati' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'it')

  await signedUpUser(page)
  await page.goto('/subscriptions/join/basic-monthly?locale=en')
  await expect(page).toHaveURL(/\/demo-checkout\?plan=basic-monthly&locale=en$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Basic Month' }).getByRole('button', { name: 'Pay €1.00' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.goto('/subscriptions/join/basic-monthly?locale=de')
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
})
