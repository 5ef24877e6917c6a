// Browser test of the main sign-in flow against a running Merit (API + built web).
// Needs a fresh database with the demo organisation: the first admin sign-in must change the
// default password. Run: MERIT_E2E_URL=http://localhost:8000 node --test tests/e2e/
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright-core'

const BASE_URL = (process.env.MERIT_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '')
const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname
const ORG = 'demo'
const DEFAULT_PASSWORD = `admin${ORG}`
const NEW_PASSWORD = 'Welcome2026x'

let browser
let context
let page

before(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  browser = await chromium.launch({
    executablePath: process.env.MERIT_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  page = await context.newPage()
  page.setDefaultTimeout(15_000)
})

after(async () => {
  await browser?.close()
})

const shot = (name) => page.screenshot({ path: `${SCREENSHOTS}sign-in-${name}.png`, fullPage: true })

test('an admin signs in, changes the default password, sees the dashboard and logs out', async () => {
  const pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error))

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
  await page.getByRole('button', { name: 'Sign in' }).click()

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

  assert.deepEqual(pageErrors, [], 'the page raised no uncaught errors')
})
