// Phones and addresses: no screen scrolls sideways at 360 to 414 px and the signed-in header
// stays compact there; an organisation's own address opens its role screen, and a screen asked
// for before sign-in is the one that opens after it.
import { expect, test } from '@playwright/test'
import { currentPassword, signIn } from './lib/auth.mjs'
import { BASE_URL, ORG, PLATFORM_EMAIL, PLATFORM_PASSWORD } from './lib/env.mjs'
import { useSession } from './lib/session.mjs'

const WIDTHS = [360, 390, 414]
// The top bar, the organisation banner and the page header together, at most: about a third
// of a 360 x 800 phone, so the screen's content starts on the first view.
const HEADER_MAX = 260

const b = useSession('phones')

/** Fails when the page is wider than the window: it would scroll sideways. */
async function expectNoSidewaysScroll(page, screen, width) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, to say what to fix.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`),
  }))
  expect(scrollWidth <= innerWidth, `${screen} at ${width} px is ${scrollWidth} px wide: ${wide.join(', ')}`).toBeTruthy()
}

/** Open `path` at each phone width, wait for its heading and check it fits. */
async function checkScreen(page, path, heading, { compactHeader = false, exact = false } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`${BASE_URL}${path}`)
    await page.getByRole('heading', { level: 1, name: heading, exact }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await expectNoSidewaysScroll(page, heading, width)
    if (compactHeader) {
      const bottom = await page.evaluate(() => document.querySelector('main header')?.getBoundingClientRect().bottom)
      expect(bottom !== undefined && bottom <= HEADER_MAX, `${heading} at ${width} px: header ends at ${bottom} px`).toBeTruthy()
    }
  }
}

test('no screen scrolls sideways at 360 to 414 px, and the signed-in header is compact', async () => {
  const { page, context, shot } = b
  await checkScreen(page, '/', 'Reviews people look forward to. HR that runs itself.')
  await checkScreen(page, `/?org=${ORG}`, 'Sign in to your organization')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
  await expectNoSidewaysScroll(page, 'Role sign-in', 414)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoSidewaysScroll(page, 'Role sign-in', 360)

  await page.setViewportSize({ width: 1280, height: 860 })
  await signIn(page)
  const employees = await (await page.request.get(`${BASE_URL}/api/employees`)).json()
  const someone = employees[0]
  const screens = [
    ['/', 'Dashboard'],
    ['/employees', 'Employees'],
    [`/employees/${someone.id}`, 'Employee Profile'],
    ['/reviews', 'Performance Reviews'],
    ['/reminders', 'Reminders'],
    ['/templates', 'Review Templates'],
    ['/certifications', 'Certifications'],
    ['/certifications/types', 'Certification Types'],
    ['/analytics', 'Analytics'],
    ['/admin', 'Administration'],
    ['/backup', 'System Backup'],
  ]
  for (const [path, heading] of screens) await checkScreen(page, path, heading, { compactHeader: true })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto(`${BASE_URL}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor()
  await shot('01-admin-390')

  await checkScreen(page, '/super-admin', 'Super admin sign-in')
  await page.getByLabel('E-mail').fill(PLATFORM_EMAIL)
  await page.getByLabel('Password').fill(PLATFORM_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { level: 1, name: 'Super Admin', exact: true }).waitFor()
  await checkScreen(page, '/super-admin', 'Super Admin', { exact: true })
  await shot('02-super-admin-414')
  await context.clearCookies()
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test("an organisation's own address opens its role screen, and the screen asked for opens after sign-in", async () => {
  const { page, context, shot } = b
  await context.clearCookies()
  await page.setViewportSize({ width: 390, height: 800 })
  const own = BASE_URL.replace('://localhost', `://${ORG}.localhost`)
  await page.goto(`${own}/reviews?tab=pending`)
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
  expect(await page.getByRole('heading', { name: 'The whole performance cycle, handled' }).count()).toBe(0)
  await shot('03-own-address-role-screen')

  const { password } = await currentPassword('admin')
  await page.getByRole('radio', { name: /Administrator/ }).check()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Performance Reviews' }).waitFor()
  const url = new URL(page.url())
  expect(url.host).toBe(new URL(own).host)
  expect(`${url.pathname}${url.search}`).toBe('/reviews?tab=pending')
  await shot('04-deep-link-after-sign-in')
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
