// The main sign-in flow. It needs a fresh demo organisation whose admin still has the default
// password, which the first sign-in must change: playwright.config.mjs runs this file first,
// before every file that signs in to the demo organisation. Run: bash tests/e2e/run.sh
import { expect, test } from '@playwright/test'
import { currentPassword } from './lib/auth.mjs'
import { BASE_URL, NEW_PASSWORD, ORG, defaultPassword } from './lib/env.mjs'
import { useSession } from './lib/session.mjs'

const DEFAULT_PASSWORD = defaultPassword('admin', ORG)

const b = useSession('sign-in')

test('an admin signs in, changes the default password, sees the dashboard and logs out', async () => {
  const { page, shot } = b
  const state = await currentPassword('admin', ORG)
  expect(state.forceChange && state.password === DEFAULT_PASSWORD, 'needs a fresh demo organisation whose admin still has the default password (run tests/e2e/run.sh)').toBeTruthy()
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
  expect(await dialog.isVisible(), 'the forced password dialog must not close on Escape').toBeTruthy()
  await dialog.getByLabel('New password').fill(NEW_PASSWORD)
  await dialog.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await shot('04-change-password')
  await dialog.getByRole('button', { name: 'Update password' }).click()

  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name: 'Upcoming Reviews' }).waitFor()
  expect(await page.evaluate(() => sessionStorage.getItem('isAuthenticated'))).toBe('true')
  expect(await page.evaluate(() => sessionStorage.getItem('userRole'))).toBe('admin')
  await shot('05-dashboard')

  await page.getByRole('button', { name: 'Logout' }).click()
  await featuresHeading.waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(await page.evaluate(() => sessionStorage.getItem('isAuthenticated'))).toBe(null)
  await shot('06-logged-out')

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
