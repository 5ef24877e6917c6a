// Accessibility: axe on every main screen (no violation of any impact), keyboard-only use of
// the sign-in flow and of the review wizard, and the first-load JavaScript the browser actually
// downloads (printed, not asserted: `npm run build` enforces the budget). The flow tests
// (workflow-3..7) also run axe on the dialogs and states they reach.
import { expect, test } from '@playwright/test'
import { currentPassword, signIn, signOut } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { BASE_URL, NEW_PASSWORD, ORG } from './lib/env.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, openFromSidebar } from './lib/ui.mjs'

const b = useSession('a11y')

/** Wait until the screen's data has arrived (no request for half a second). */
async function loaded(page) {
  await page.waitForLoadState('networkidle')
}

/** Press Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page, target, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} could not be reached with the keyboard in ${max} presses`)
}

/** Open a dialog with `opener`, check it with axe, close it with Escape. */
async function checkDialog(page, opener, screen) {
  await opener.click()
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first()
  await dialog.waitFor()
  await expectAccessible(page, screen)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
}

const focused = (locator) => locator.evaluate((el) => el === document.activeElement)

test('every public screen has no accessibility violation', async () => {
  const { page, shot } = b
  await page.goto(`${BASE_URL}/`)
  await page.getByRole('heading', { name: 'The whole performance cycle, handled' }).waitFor()
  await loaded(page)
  await expectAccessible(page, 'Landing page')

  // What the browser downloaded before the landing page showed (information only).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .concat(performance.getEntriesByType('navigation'))
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .reduce((sum, e) => ({ sent: sum.sent + e.encodedBodySize, raw: sum.raw + e.decodedBodySize }), { sent: 0, raw: 0 }),
  )
  console.log(
    `first-load JS of the landing page: ${(scripts.sent / 1024).toFixed(1)} KB transferred, ${(scripts.raw / 1024).toFixed(1)} KB uncompressed`,
  )

  await page.getByRole('button', { name: 'Login' }).first().click()
  await page.getByLabel('Organization code').waitFor()
  await expectAccessible(page, 'Organization code')
  await page.getByLabel('Organization code').fill(ORG)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: /Administrator/ }).waitFor()
  await expectAccessible(page, 'Role login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await expectAccessible(page, 'Forgot password')

  await page.goto(`${BASE_URL}/reset-password`)
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
  await expectAccessible(page, 'Reset password (token form)')
  await page.goto(`${BASE_URL}/reset-password?token=not-a-real-token&role=admin`)
  await page.getByRole('heading').first().waitFor()
  await loaded(page)
  await expectAccessible(page, 'Reset link (invalid)')
  await shot('01-invalid-link')

  await page.goto(`${BASE_URL}/super-admin`)
  await page.getByRole('heading', { name: 'Super admin sign-in' }).waitFor()
  await loaded(page)
  await expectAccessible(page, 'Super admin sign-in')

  await page.goto(`${BASE_URL}/no/such/page`)
  await page.getByText('404 Page Not Found').waitFor()
  await expectAccessible(page, 'Not found')
})

test('every signed-in screen has no accessibility violation', async () => {
  const { page, shot } = b
  await signIn(page)
  const screens = [
    ['Dashboard', 'Dashboard'],
    ['Employees', 'Employees'],
    ['Reviews', 'Performance Reviews'],
    ['Reminders', 'Reminders'],
    ['Templates', 'Review Templates'],
    ['Certifications', 'Certifications'],
    ['Analytics', 'Analytics'],
    ['Admin', 'Administration'],
    ['Backup', 'System Backup'],
  ]
  for (const [link, heading] of screens) {
    await openFromSidebar(page, link, heading)
    await loaded(page)
    await expectAccessible(page, heading)
    if (link === 'Employees') {
      // The dialogs the flow tests do not open, then an employee profile.
      await checkDialog(page, page.getByRole('button', { name: 'Bulk Upload' }), 'Bulk Employee Upload dialog')
      const card = page.getByRole('list', { name: 'Employees' }).getByRole('article').first()
      const name = await card.getAttribute('aria-label')
      await card.getByRole('button', { name: `Actions for ${name}` }).click()
      await checkDialog(page, page.getByRole('menuitem', { name: 'Edit Employee' }), 'Edit Employee dialog')
      await card.getByRole('link', { name: `View Profile of ${name}` }).click()
      await page.getByRole('heading', { name }).waitFor()
      await loaded(page)
      await expectAccessible(page, 'Employee Profile')
      await shot('02-profile')
    }
    if (link === 'Templates') {
      await checkDialog(page, page.getByRole('button', { name: 'Preview' }).first(), 'Template preview dialog')
    }
    if (link === 'Certifications') {
      await page.getByRole('navigation', { name: 'Certifications' }).getByRole('link', { name: 'Certification Types' }).click()
      await page.getByRole('heading', { level: 1, name: 'Certification Types' }).waitFor()
      await loaded(page)
      await expectAccessible(page, 'Certification Types')
    }
    if (link === 'Admin') {
      await checkDialog(page, page.getByRole('button', { name: 'Add Department' }), 'Create Department dialog')
      await checkDialog(page, page.getByRole('button', { name: 'Add User' }), 'Add User dialog')
    }
  }
  await page.goto(`${BASE_URL}/no-such-screen/here`)
  await page.getByText('404 Page Not Found').waitFor()
  await expectAccessible(page, 'Not found (signed in)')
  await signOut(page)
})

test('sign-in works with the keyboard alone, the forced password change included', async () => {
  const { page, context, shot } = b
  await context.clearCookies() // signed out, whatever the previous test left
  const { password, forceChange } = await currentPassword('manager')
  await page.goto(`${BASE_URL}/`)
  await page.getByRole('heading', { name: 'The whole performance cycle, handled' }).waitFor()

  // Landing → Login (keyboard focus, Enter).
  await tabTo(page, page.getByRole('button', { name: 'Login' }).first())
  await page.keyboard.press('Enter')
  // Organization code: the field has the focus; Enter submits.
  const code = page.getByLabel('Organization code')
  await code.waitFor()
  expect(await focused(code), 'the organization code field is focused').toBeTruthy()
  await page.keyboard.type(ORG)
  await page.keyboard.press('Enter')
  // Role: arrow keys move within the radio group.
  const admin = page.getByRole('radio', { name: /Administrator/ })
  const manager = page.getByRole('radio', { name: /Manager/ })
  await tabTo(page, admin)
  await page.keyboard.press('ArrowRight')
  expect(await manager.isChecked(), 'ArrowRight chooses Manager').toBeTruthy()
  await page.getByText(`e.g. manager${ORG}`).waitFor()
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(password)
  await expectAccessible(page, 'Role login (manager chosen)')
  await page.keyboard.press('Enter')

  if (forceChange) {
    const dialog = page.getByRole('dialog', { name: 'Change your password' })
    await dialog.waitFor()
    expect(await focused(dialog.getByLabel('New password')), 'the new password field is focused').toBeTruthy()
    await expectAccessible(page, 'Forced password change')
    await page.keyboard.type(NEW_PASSWORD)
    await tabTo(page, dialog.getByLabel('Confirm password'), { max: 5 })
    await page.keyboard.type(NEW_PASSWORD)
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
  }
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  expect(await page.evaluate(() => sessionStorage.getItem('userRole'))).toBe('manager')
  await loaded(page)
  await expectAccessible(page, 'Dashboard (manager)')
  await shot('03-manager-dashboard')
})

test('a review is completed in the wizard with the keyboard alone', async () => {
  const { page, shot } = b
  // Signed in as the manager (previous test), who fills reviews.
  await openFromSidebar(page, 'Reviews', 'Performance Reviews')
  await loaded(page)
  await expectAccessible(page, 'Performance Reviews (manager)')
  await tabTo(page, page.getByRole('tab', { name: /^All/ }))
  await page.keyboard.press('ArrowRight') // to Pending (automatic activation)
  const pending = page.getByRole('tabpanel', { name: /^Pending/ })
  await pending.waitFor()
  const first = pending.getByRole('listitem').first()
  const employee = (await first.getByRole('heading').textContent()).trim()
  await tabTo(page, first.getByRole('button', { name: 'Start Review' }))
  await page.keyboard.press('Enter')

  const wizard = page.getByRole('dialog', { name: 'Complete Review' })
  await wizard.getByText(/^Step 1 of \d+$/).waitFor()
  const complete = wizard.getByRole('button', { name: 'Complete Review' })
  for (let step = 0; !(await complete.isVisible()); step++) {
    expect(step < 60, 'the wizard reaches its last step').toBeTruthy()
    const section = wizard.getByRole('region').first()
    const choices = section.getByRole('radio')
    if ((await choices.count()) > 0) {
      // Tab lands on the checked radio of a group, else on its first; Space checks, arrows move.
      const checked = section.getByRole('radio', { checked: true })
      await tabTo(page, (await checked.count()) ? checked : choices.first())
      await page.keyboard.press('Space')
      const total = await choices.count()
      for (let i = 1; i < Math.min(4, total); i++) await page.keyboard.press('ArrowRight') // e.g. 4 of 5
    } else {
      await tabTo(page, section.getByRole('textbox'))
      await page.keyboard.press('Control+A')
      await page.keyboard.type('Steady progress; keeps the team informed.')
    }
    const next = wizard.getByRole('button', { name: 'Next' })
    expect(await next.isEnabled(), `Next is enabled once step ${step + 1} is answered`).toBeTruthy()
    await tabTo(page, next)
    await page.keyboard.press('Enter')
  }
  await expectAccessible(page, 'Complete Review wizard (last step)')
  await tabTo(page, wizard.getByLabel('Reviewer notes'), { back: true })
  await page.keyboard.type('Completed with the keyboard only.')
  await tabTo(page, complete)
  await shot('04-keyboard-wizard')
  await page.keyboard.press('Enter')
  await expectToast(page, 'Review Updated')
  await wizard.waitFor({ state: 'detached' })

  await page.getByRole('tab', { name: /^Completed/ }).click()
  await page
    .getByRole('tabpanel', { name: /^Completed/ })
    .getByRole('listitem')
    .filter({ hasText: employee })
    .first()
    .waitFor()
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
