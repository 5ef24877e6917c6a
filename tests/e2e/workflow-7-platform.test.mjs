// The platform: sign in as platform admin, create an organisation, Visit it, sign in there with
// the default password (and the forced change), then ask each assistant a question. server.sh
// creates the local platform admin (merit platform-admin create) before the tests start.
import { expect, test } from '@playwright/test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { BASE_URL, PLATFORM_EMAIL, PLATFORM_PASSWORD } from './lib/env.mjs'
import { mailMark, waitForMail } from './lib/mail.mjs'
import { DESKTOP, useSession } from './lib/session.mjs'
import { expectToast, runId, submitRefused } from './lib/ui.mjs'

const b = useSession('platform')

/** Ask an open assistant dialog a question and return its answer's text. */
async function ask(dialog, question) {
  await dialog.getByLabel('Your question').fill(question)
  await dialog.getByRole('button', { name: 'Ask' }).click()
  const answer = dialog.getByRole('region', { name: 'Answer' })
  await answer.waitFor({ timeout: 30_000 })
  return (await answer.textContent()).trim()
}

test('a platform admin creates an organisation that signs in and gets answers', async () => {
  const { page, context, shot } = b
  const id = runId()
  const name = `E2E Labs ${id}`
  const subdomain = `e2e-labs-${id}`

  // 1. Platform sign-in (local admin: no OIDC provider on the test server).
  await page.goto(`${BASE_URL}/super-admin`)
  await page.getByRole('heading', { name: 'Super admin sign-in' }).waitFor()
  await expectAccessible(page, 'Super admin sign-in')
  await page.getByLabel('E-mail').fill(PLATFORM_EMAIL)
  await page.getByLabel('Password').fill(PLATFORM_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { level: 1, name: 'Super Admin' }).waitFor()

  // 2. Create an organisation; the subdomain follows the name.
  await page.getByRole('button', { name: 'New Organization' }).click()
  const form = page.getByRole('dialog', { name: 'Create Organization' })
  await form.getByLabel('Organization Name *').fill(name)
  expect(await form.getByLabel('Subdomain *').inputValue()).toBe(subdomain)
  await form.getByLabel('Industry').fill('Research')
  await form.getByLabel('Size').selectOption({ index: 1 })
  await form.getByLabel('Admin Email').fill(`admin@${subdomain}.example.com`)
  await expectAccessible(page, 'Create Organization dialog')
  await form.getByRole('button', { name: 'Create Organization' }).click()
  await expectToast(page, 'Organization created')
  await form.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name }).waitFor()
  await expectAccessible(page, 'Super Admin')
  await shot('01-panel')
  await page.getByRole('button', { name: `Details of ${name}` }).click()
  const details = page.getByRole('dialog', { name })
  await details.getByText(subdomain, { exact: false }).first().waitFor()
  await expectAccessible(page, 'Organization details dialog')
  await page.keyboard.press('Escape')
  await details.waitFor({ state: 'detached' })

  // 3. Visit opens its sign-in in a new tab, with the organization code filled in.
  const opened = context.waitForEvent('page')
  await page.getByRole('button', { name: `Visit ${name}` }).click()
  const tab = await opened
  await tab.waitForLoadState()
  expect(new URL(tab.url()).searchParams.get('org')).toBe(subdomain)
  await tab.getByLabel('Organization code').waitFor()
  expect(await tab.getByLabel('Organization code').inputValue()).toBe(subdomain)

  // 4. The default password (admin + code) and the forced change.
  const { forcedChange } = await signIn(tab, { org: subdomain, navigate: false })
  expect(forcedChange, 'a new organisation asks for a new password first').toBeTruthy()
  await tab.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await tab.getByRole('region', { name: 'Organization' }).getByText(name, { exact: true }).waitFor()
  await shot('02-new-org-dashboard', tab)

  // 5. Both assistants answer.
  await tab.getByRole('button', { name: 'Help - How to use Merit' }).click()
  const ai = tab.getByRole('dialog', { name: 'AI Assistant' })
  const aiAnswer = await ask(ai, 'How do I create a review template?')
  expect(aiAnswer).toMatch(/template/i)
  await expectAccessible(tab, 'AI Assistant dialog')
  await shot('03-ai-assistant', tab)
  await tab.keyboard.press('Escape')
  await ai.waitFor({ state: 'detached' })

  await tab.getByRole('button', { name: 'Review Assistant' }).click()
  const review = tab.getByRole('dialog', { name: 'Review Assistant' })
  const reviewAnswer = await ask(review, 'How should I phrase feedback about missed deadlines?')
  expect(reviewAnswer.length > 40, `a real answer: ${reviewAnswer}`).toBeTruthy()
  await expectAccessible(tab, 'Review Assistant dialog')
  await shot('04-review-assistant', tab)

  // A question far over the limit is refused on the spot, with the reason.
  await review.getByLabel('Your question').fill('Why? '.repeat(500))
  await review.getByText(/Please keep your question under 2,000 characters \(this one has 2,499\)/).waitFor()
  await review.getByRole('button', { name: 'Ask' }).click()
  // (the toast region sits outside the modal dialog, so it is found by its text)
  await tab.getByText('Please keep your question under 2,000 characters', { exact: true }).waitFor()
  await review.getByRole('button', { name: 'Close' }).click()
  await review.waitFor({ state: 'detached' })
  await tab.close()

  expect(b.pageErrors, 'the pages raised no uncaught errors').toEqual([])
})

test('bad input, Visit while signed in elsewhere, deactivate, reset links and delete', async () => {
  const { page, context, shot } = b
  const id = runId()
  const name = `Zeta Works ${id}`
  const subdomain = `zeta-${id}`
  const adminEmail = `owner@${subdomain}.example.com`
  await page.goto(`${BASE_URL}/super-admin`)
  await page.getByRole('heading', { level: 1, name: 'Super Admin' }).waitFor()

  // 1. A taken, a reserved and a too-short subdomain: each refused with its reason, nothing made.
  await page.getByRole('button', { name: 'New Organization' }).click()
  const form = page.getByRole('dialog', { name: 'Create Organization' })
  const code = form.getByLabel('Subdomain *')
  await form.getByLabel('Organization Name *').fill('Demo')
  expect(await code.inputValue()).toBe('demo')
  await form.getByRole('button', { name: 'Create Organization' }).click()
  await form.getByText("The subdomain 'demo' is already taken").waitFor()
  await code.fill('admin')
  await form.getByRole('button', { name: 'Create Organization' }).click()
  await form.getByText("The subdomain 'admin' is reserved").waitFor()
  await code.fill('ab')
  await submitRefused(form, 'Create Organization')
  await form.getByText('Subdomain must be at least 3 characters').waitFor()
  await shot('05-create-errors')
  await form.getByLabel('Organization Name *').fill(name)
  await code.fill(subdomain)
  await form.getByLabel('Admin Email').fill(adminEmail)
  await form.getByRole('button', { name: 'Create Organization' }).click()
  await form.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name }).waitFor()

  // 2. Visit while this browser is signed in to another organisation (the first test's):
  //    the tab offers the visited organisation's sign-in, not the other one's dashboard.
  const opened = context.waitForEvent('page')
  await page.getByRole('button', { name: `Visit ${name}` }).click()
  const tab = await opened
  await tab.waitForLoadState()
  await tab.getByLabel('Organization code').waitFor()
  expect(await tab.getByLabel('Organization code').inputValue()).toBe(subdomain)

  // 3. Deactivated: signing in is refused with a clear message.
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Organization' })
  await edit.getByRole('checkbox', { name: /Active/ }).uncheck()
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await edit.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name }).locator('xpath=ancestor::*[.//*[normalize-space()="Inactive"]][1]').waitFor()
  await tab.getByRole('button', { name: 'Continue' }).click()
  await expectToast(tab, 'This organization has been deactivated. Please contact support.')
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await edit.getByRole('checkbox', { name: /Active/ }).check()
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await edit.waitFor({ state: 'detached' })

  // 4. Reset passwords: mail is configured here, so the links go to the admin e-mail; the
  //    administrator's link works exactly once.
  const before = mailMark()
  await page.getByRole('button', { name: `Details of ${name}` }).click()
  const details = page.getByRole('dialog', { name })
  await details.getByRole('button', { name: 'Reset Passwords' }).click()
  await details.getByRole('status').getByText(`were sent to ${adminEmail}`, { exact: false }).waitFor()
  await shot('06-reset-sent')
  await details.getByRole('button', { name: 'Close' }).click()
  await details.waitFor({ state: 'detached' })
  const mail = await waitForMail(adminEmail, { after: before })
  const link = /https?:\/\/\S+role=admin/.exec(mail.text)?.[0]
  expect(link, `an administrator link in: ${mail.text}`).toBeTruthy()
  await tab.goto(link)
  await tab.getByLabel('New password').fill('Zeta#Reset2026')
  await tab.getByLabel('Confirm password').fill('Zeta#Reset2026')
  await tab.getByRole('button', { name: 'Set New Password' }).click()
  await tab.getByRole('heading', { name: 'Password updated' }).waitFor()
  // Redirected to /?org={subdomain} at the organisation's own address: its role screen.
  await tab.getByRole('heading', { name: 'Welcome back' }).waitFor()
  await tab.getByText(name, { exact: true }).waitFor()
  await tab.goto(link)
  await tab.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor()

  // 5. Delete: only once the subdomain is typed; then it is gone and its code finds nothing.
  await page.getByRole('button', { name: `Delete ${name}` }).click()
  const confirm = page.getByRole('alertdialog')
  const deleteButton = confirm.getByRole('button', { name: 'Delete Organization' })
  expect(await deleteButton.isDisabled()).toBe(true)
  await confirm.getByLabel(/to confirm/).fill('zeta-wrong')
  expect(await deleteButton.isDisabled()).toBe(true)
  await confirm.getByLabel(/to confirm/).fill(subdomain)
  await expectAccessible(page, 'Delete organization dialog')
  await deleteButton.click()
  await expectToast(page, 'Organization deleted')
  await page.getByRole('heading', { name }).waitFor({ state: 'detached' })
  await tab.goto(`${BASE_URL}/?org=${subdomain}`)
  await tab.getByRole('button', { name: 'Continue' }).click()
  await expectToast(tab, 'Organization not found. Please check your organization code.')
  await tab.close()

  expect(b.pageErrors, 'the pages raised no uncaught errors').toEqual([])
})

test('a signed-in person who is not a platform admin sees Access Denied with Sign Out and a back link', async ({ browser }) => {
  // The test server has no OIDC provider, so the provider's answers are played by the browser:
  // a session for someone outside platform_admins (403) and the external sign-in it offers.
  const { shot } = b
  const context = await browser.newContext({ viewport: DESKTOP })
  const page = await context.newPage()
  let signedOut = false
  await page.route('**/api/platform/session', (route) =>
    route.fulfill(
      signedOut
        ? { status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Please sign in as a platform administrator' }) }
        : {
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Access denied: eve@example.com is not a platform administrator' }),
          },
    ),
  )
  await page.route('**/api/platform/config', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ oidcEnabled: true, localEnabled: false, providerName: 'Acme SSO' }),
    }),
  )
  await page.route('**/api/platform/logout', (route) => {
    signedOut = true
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' })
  })
  try {
    await page.goto(`${BASE_URL}/super-admin`)
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor()
    await page.getByText('Access denied: eve@example.com is not a platform administrator').waitFor()
    expect(await page.getByRole('link', { name: 'Back to Home' }).first().getAttribute('href')).toBe('/')
    await expectAccessible(page, 'Access Denied')
    await shot('07-access-denied', page)
    await page.getByRole('button', { name: 'Sign Out' }).click()
    const external = page.getByRole('link', { name: 'Sign in with Acme SSO' })
    await external.waitFor()
    expect(await external.getAttribute('href')).toBe('/api/platform/oidc/login')
    await shot('08-external-sign-in', page)
  } finally {
    await context.close()
  }
})
