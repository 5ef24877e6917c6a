// Browser test of the main sign-in flow against a running Merit (API + built web).
// Needs a fresh database with the demo organisation: the first admin sign-in must change the
// default password, so this file must run first (node --test runs the files in name order;
// the other files are named workflow-*). Run: bash tests/e2e/run.sh
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { currentPassword } from './lib/auth.mjs'
import { closeBrowser, openBrowser } from './lib/browser.mjs'
import { BASE_URL, NEW_PASSWORD, ORG, defaultPassword } from './lib/env.mjs'

const DEFAULT_PASSWORD = defaultPassword('admin', ORG)

let b
let page

before(async () => {
  b = await openBrowser('sign-in')
  page = b.page
})

after(async () => {
  await closeBrowser(b)
})

const shot = (name) => b.shot(name)

test('an admin signs in, changes the default password, sees the dashboard and logs out', async () => {
  const state = await currentPassword('admin', ORG)
  assert.ok(
    state.forceChange && state.password === DEFAULT_PASSWORD,
    'needs a fresh demo organisation whose admin still has the default password (run tests/e2e/run.sh)',
  )
  await page.goto(`${BASE_URL}/`)
  const featuresHeading = page.getByRole('heading', { name: 'The whole performance cycle, handled' })
  await featuresHeading.waitFor()
  await shot('01-landing')

  await page.getByRole('button', { name: 'Login' }).first().click()
  await page.getByLabel('Organization code').fill(ORG)
  await shot('02-organization')
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.getByRole('radio', { name: /Administrator/ }).check()
  await page.getByText(`e.g. ${DEFAULT_PASSWORD}`).waitFor()
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD)
  await shot('03-role')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Change your password' })
  await dialog.waitFor()
  await page.keyboard.press('Escape')
  assert.ok(await dialog.isVisible(), 'the forced password dialog must not close on Escape')
  await dialog.getByLabel('New password').fill(NEW_PASSWORD)
  await dialog.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await shot('04-change-password')
  await dialog.getByRole('button', { name: 'Update password' }).click()

  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name: 'Upcoming Reviews' }).waitFor()
  assert.equal(await page.evaluate(() => sessionStorage.getItem('isAuthenticated')), 'true')
  assert.equal(await page.evaluate(() => sessionStorage.getItem('userRole')), 'admin')
  await shot('05-dashboard')

  await page.getByRole('button', { name: 'Logout' }).click()
  await featuresHeading.waitFor()
  assert.equal(new URL(page.url()).pathname, '/')
  assert.equal(await page.evaluate(() => sessionStorage.getItem('isAuthenticated')), null)
  await shot('06-logged-out')

  assert.deepEqual(b.pageErrors, [], 'the page raised no uncaught errors')
})
