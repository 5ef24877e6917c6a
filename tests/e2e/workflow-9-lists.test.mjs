// Lists that scale: the Reviews screen filtered, sorted and shown as a table keeps that view in
// its address, so a reload (or a shared link) shows the same reviews; the Employees screen's
// table likewise; Mark all read on reminders. Screenshots at 1280 and 390 px wide.
import { expect, test } from '@playwright/test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, openFromSidebar } from './lib/ui.mjs'

const b = useSession('lists')

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
  expect(before.length > 0, 'the demo has completed engineering reviews').toBeTruthy()
  for (const row of before) expect(row).toMatch(/ Engineering .* Completed /)
  const address = new URL(page.url())
  expect(Object.fromEntries(address.searchParams)).toEqual({
    status: 'completed',
    department: 'engineering',
    sort: 'employee',
    view: 'table',
  })
  const summary = await page.getByText(/^Showing .* reviews$/).textContent()
  await expectAccessible(page, 'Performance Reviews (table)')
  await shot('02-reviews-table-1280', page.locator('main'))

  await listChanged(page, 'sort=employee', () => page.reload())
  expect(await tableRows(page, 'Reviews'), 'the same reviews, in the same order').toEqual(before)
  expect(await page.getByText(/^Showing .* reviews$/).textContent()).toBe(summary)
  expect(await page.getByLabel('Department').inputValue()).toBe('engineering')
  expect(await page.getByLabel('Sort by').inputValue()).toBe('employee')
  expect(await page.getByRole('tab', { name: /^Completed/ }).getAttribute('aria-selected')).toBe('true')
  expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true')

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
  expect(searched.length > 0 && searched.every((row) => row.startsWith(first)), searched.join('\n')).toBeTruthy()

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
  expect(before.length > 0).toBeTruthy()
  await expectAccessible(page, 'Employees (table)')
  await shot('05-employees-table-1280', page.locator('main'))
  await listChanged(page, 'sort=-startDate', () => page.reload())
  expect(await tableRows(page, 'Employees')).toEqual(before)
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
  expect(await markAll.isDisabled(), 'nothing is left to mark').toBeTruthy()
  await page.setViewportSize({ width: 390, height: 844 })
  await shot('09-reminders-390', page)
  await page.setViewportSize({ width: 1280, height: 860 })
})
