// Lists that scale: the Reviews screen filtered, sorted and shown as a table keeps that view in
// its address, so a reload (or a shared link) shows the same reviews; the Employees screen's
// table likewise; Mark all read on reminders. Screenshots at 1280 and 390 px wide.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { closeBrowser, openBrowser } from './lib/browser.mjs'
import { expectToast, openFromSidebar } from './lib/ui.mjs'

let b

before(async () => {
  b = await openBrowser('lists')
})

after(async () => {
  await closeBrowser(b)
})

/** Do `change`, then wait for the list asked for with `param` to arrive and be shown. */
async function listChanged(page, param, change) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/') && r.url().includes(param))
  await change()
  await answered
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
}

/** What the table shows: each row's cells, in order. */
async function tableRows(page, name) {
  const table = page.getByRole('table', { name })
  await table.waitFor()
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.innerText.replace(/\s+/g, ' ').trim()))
}

test('a filtered, sorted table of reviews survives a reload', async () => {
  const { page, shot } = b
  await signIn(page)
  await openFromSidebar(page, 'Reviews', 'Performance Reviews')
  await page.getByText(/^Showing 1–\d+ of \d+ reviews$/).waitFor()
  await shot('01-reviews-cards-1280', page.locator('main'))

  await listChanged(page, 'status=completed', () => page.getByRole('tab', { name: /^Completed/ }).click())
  await listChanged(page, 'department=engineering', () => page.getByLabel('Department').selectOption('engineering'))
  await listChanged(page, 'sort=employee', () => page.getByLabel('Sort by').selectOption('employee'))
  await page.getByRole('button', { name: 'Table' }).click()
  await page.waitForURL((url) => url.searchParams.get('view') === 'table')
  const before = await tableRows(page, 'Reviews')
  assert.ok(before.length > 0, 'the demo has completed engineering reviews')
  for (const row of before) assert.match(row, / Engineering .* Completed /)
  const address = new URL(page.url())
  assert.deepEqual(Object.fromEntries(address.searchParams), {
    status: 'completed',
    department: 'engineering',
    sort: 'employee',
    view: 'table',
  })
  const summary = await page.getByText(/^Showing .* reviews$/).textContent()
  await expectAccessible(page, 'Performance Reviews (table)')
  await shot('02-reviews-table-1280', page.locator('main'))

  await listChanged(page, 'sort=employee', () => page.reload())
  assert.deepEqual(await tableRows(page, 'Reviews'), before, 'the same reviews, in the same order')
  assert.equal(await page.getByText(/^Showing .* reviews$/).textContent(), summary)
  assert.equal(await page.getByLabel('Department').inputValue(), 'engineering')
  assert.equal(await page.getByLabel('Sort by').inputValue(), 'employee')
  assert.equal(await page.getByRole('tab', { name: /^Completed/ }).getAttribute('aria-selected'), 'true')
  assert.equal(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed'), 'true')

  // A search narrows it further and lands in the address too.
  const first = before[0].split(' ').slice(0, 2).join(' ')
  await page.getByRole('searchbox', { name: 'Search reviews' }).fill(first)
  await page.waitForURL((url) => url.searchParams.get('q') === first)
  // The last page stays on screen while the searched one loads.
  let searched = []
  for (let tries = 0; tries < 50; tries++) {
    searched = await tableRows(page, 'Reviews')
    if (searched.length > 0 && searched.every((row) => row.startsWith(first))) break
    await page.waitForTimeout(100)
  }
  assert.ok(searched.length > 0 && searched.every((row) => row.startsWith(first)), searched.join('\n'))

  await page.setViewportSize({ width: 390, height: 844 })
  await shot('03-reviews-table-390', page)
  await page.getByRole('button', { name: 'Cards' }).click()
  await shot('04-reviews-cards-390', page)
  await page.setViewportSize({ width: 1280, height: 860 })
})

test('the employees table keeps its filters and page in the address', async () => {
  const { page, shot } = b
  await openFromSidebar(page, 'Employees')
  await page.getByRole('button', { name: 'Table' }).click()
  await listChanged(page, 'sort=-startDate', () => page.getByLabel('Sort by').selectOption('-startDate'))
  const before = await tableRows(page, 'Employees')
  assert.ok(before.length > 0)
  await expectAccessible(page, 'Employees (table)')
  await shot('05-employees-table-1280', page.locator('main'))
  await listChanged(page, 'sort=-startDate', () => page.reload())
  assert.deepEqual(await tableRows(page, 'Employees'), before)
  await page.setViewportSize({ width: 390, height: 844 })
  await shot('06-employees-table-390', page)
  await page.getByRole('button', { name: 'Cards' }).click()
  await shot('07-employees-cards-390', page)
  await page.setViewportSize({ width: 1280, height: 860 })
})

test('reminders say they cover certifications, and Mark all read clears the unread ones', async () => {
  const { page, shot } = b
  await openFromSidebar(page, 'Reminders')
  await page.getByText('Reviews coming due or overdue, and certifications expiring or expired').waitFor()
  const markAll = page.getByRole('button', { name: 'Mark all read' })
  await shot('08-reminders-1280', page.locator('main'))
  if (await markAll.isEnabled()) {
    await markAll.click()
    await expectToast(page, /reminders? marked as read/)
  }
  await page.getByRole('button', { name: 'Mark Read' }).first().waitFor({ state: 'detached' })
  assert.ok(await markAll.isDisabled(), 'nothing is left to mark')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot('09-reminders-390', page)
  await page.setViewportSize({ width: 1280, height: 860 })
})
