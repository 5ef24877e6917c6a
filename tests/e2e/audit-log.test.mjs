// The audit trail as people read it: an administrator signed in with their own account changes
// an employee's position; a moment later Admin -> Audit Log shows that change first, with who
// made it, what and the position before and after, and the employee's History tab shows it too.
// The organisation is this file's own (lib/org-setup.mjs).
import { expect, test } from '@playwright/test'
import { BASE_URL } from './lib/env.mjs'
import { addAccount, addEmployee, newOrganization, shootBoth, signInWithAccount } from './lib/org-setup.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, openFromSidebar } from './lib/ui.mjs'

const b = useSession('audit-log')
const FIRST_PASSWORD = 'Given2026x'
const made = {}

test.beforeAll(async () => {
  const { subdomain, admin } = await newOrganization('audit', 'Audit Trail')
  try {
    const olivia = await addEmployee(admin, { first: 'Olivia', last: 'Owens', position: 'Head of People' })
    const paula = await addEmployee(admin, { first: 'Paula', last: 'Price', position: 'Analyst', manager: olivia })
    const account = await addAccount(admin, olivia, { role: 'admin', password: FIRST_PASSWORD })
    Object.assign(made, { subdomain, olivia, paula, account })
  } finally {
    await admin.dispose()
  }
})

/** The row of `table` that holds the change `line` ("Position: Analyst → Senior Analyst"). */
function rowWith(table, line) {
  return table.getByRole('row').filter({ has: table.page().getByRole('listitem').filter({ hasText: line }) })
}

test('a position changed a moment ago is in the audit log and the employee\'s history, with who, before and after', async () => {
  const { page } = b
  const { olivia, paula, account } = made
  const change = 'Position: Analyst → Senior Analyst'
  await signInWithAccount(page, { org: made.subdomain, email: olivia.email, password: FIRST_PASSWORD, firstTime: true })

  // The change, made through the profile's Edit Employee dialog.
  await page.goto(`${BASE_URL}/employees/${paula.id}`)
  await page.getByRole('heading', { name: 'Paula Price' }).waitFor()
  await page.getByRole('button', { name: 'Edit Employee' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Employee' })
  await expect(edit.getByLabel('Position')).toHaveValue('Analyst')
  await edit.getByLabel('Position').fill('Senior Analyst')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Employee updated')
  await edit.waitFor({ state: 'detached' })

  // Admin -> Audit Log: the newest event is that change, by Olivia's own account.
  await openFromSidebar(page, 'Admin', 'Administration')
  await page.getByRole('link', { name: 'Open Audit Log' }).click()
  await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor()
  const log = page.getByRole('table', { name: 'Audit events' })
  const newest = log.getByRole('row').nth(1)
  await newest.getByRole('listitem').filter({ hasText: change }).waitFor()
  await newest.getByText('Olivia Owens', { exact: true }).waitFor()
  await newest.getByTitle(`Account ${account.id}`).waitFor()
  await newest.getByText('Updated', { exact: true }).waitFor()
  await newest.getByText(`Employee #${paula.id}`, { exact: true }).waitFor()
  await expect(newest.getByRole('link', { name: 'Paula Price' })).toHaveAttribute('href', `/employees/${paula.id}`)
  await shootBoth(page, 'audit-01-log')

  // Narrowed to the record: the same event, and only this record's events.
  await page.getByLabel('Record type').selectOption('employee')
  await page.getByLabel('Record ID').fill(String(paula.id))
  await expect(log.getByRole('row').filter({ hasNotText: `Employee #${paula.id}` })).toHaveCount(1) // the header
  await expect(rowWith(log, change)).toHaveCount(1)
  await shootBoth(page, 'audit-02-log-filtered')

  // The employee's History tab shows it as well, newest first.
  await newest.getByRole('link', { name: 'Paula Price' }).click()
  await page.getByRole('heading', { name: 'Paula Price' }).waitFor()
  await page.getByText('Senior Analyst').first().waitFor()
  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('table', { name: 'Employee history' })
  const latest = history.getByRole('row').nth(1)
  await latest.getByRole('listitem').filter({ hasText: change }).waitFor()
  await latest.getByText('Olivia Owens', { exact: true }).waitFor()
  await latest.getByText('Updated', { exact: true }).waitFor()
  // (and before it, the employee's creation)
  await history.getByRole('row').filter({ hasText: 'Created' }).first().waitFor()
  await shootBoth(page, 'audit-03-history')

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
