// Certifications: create a certification type, assign it with an expiry 10 days away (with an
// attached file), see 'Expires in 10 days' on the profile and the certifications page, an
// overlapping second assignment refused, and a reminder after the job runs. The job is the
// worker's daily certification-reminder job, run at once from here (lib/server.mjs).
import { expect, test } from '@playwright/test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { runCertificationReminders } from './lib/server.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, isoDay, openFromSidebar, runId } from './lib/ui.mjs'

const b = useSession('certifications')

test('a certification expiring in 10 days shows everywhere and raises a reminder', async () => {
  const { page, shot } = b
  const TYPE = `E2E Forklift Licence ${runId()}`
  await signIn(page, { path: '/certifications/types' })
  await page.getByRole('heading', { level: 1, name: 'Certification Types' }).waitFor()

  // 1. A new certification type.
  await page.getByRole('button', { name: 'Add Certification Type' }).first().click()
  const typeDialog = page.getByRole('dialog', { name: 'Add Certification Type' })
  await typeDialog.getByLabel('Certification Name').fill(TYPE)
  await typeDialog.getByLabel('Description').fill('Operating forklifts in the warehouse.')
  await typeDialog.getByLabel('Issuing Organization').fill('Safety Board')
  await typeDialog.getByLabel('Validity (months)').fill('12')
  await expectAccessible(page, 'Add Certification Type dialog')
  await typeDialog.getByRole('button', { name: 'Add Certification Type' }).click()
  await expectToast(page, 'Certification type created successfully!')
  await typeDialog.waitFor({ state: 'detached' })
  const typeCard = page.getByTestId('certification-type-card').filter({ has: page.getByRole('heading', { name: TYPE }) })
  await typeCard.getByText('0 active', { exact: true }).waitFor()
  await expectAccessible(page, 'Certification Types')

  // 2. Assign it from an employee's profile, expiring 10 days from today.
  await openFromSidebar(page, 'Employees')
  const firstCard = page.getByRole('list', { name: 'Employees' }).getByRole('article').first()
  const employeeName = await firstCard.getAttribute('aria-label')
  await firstCard.getByRole('link', { name: `View Profile of ${employeeName}` }).click()
  await page.getByRole('heading', { name: employeeName }).waitFor()
  await page.getByRole('button', { name: 'Assign Certification' }).click()
  const assign = page.getByRole('dialog', { name: 'Assign Certification' })
  const typeSelect = assign.getByLabel('Certification Type')
  await typeSelect.locator('option', { hasText: TYPE }).waitFor({ state: 'attached' })
  await typeSelect.selectOption({ label: `${TYPE} (Safety Board)` })
  await assign.getByLabel('Issue Date').fill(isoDay(-355))
  await assign.getByLabel('Expiration Date (optional)').fill(isoDay(10))
  await assign.getByLabel('Certificate Number (optional)').fill(`FL-${runId()}`)
  // The optional attachment goes through the document upload.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
  await assign.getByLabel('Attachment (optional)').setInputFiles({ name: 'forklift.pdf', mimeType: 'application/pdf', buffer: pdf })
  await expectAccessible(page, 'Assign Certification dialog')
  await shot('01-assign')
  await assign.getByRole('button', { name: 'Assign Certification' }).click()
  await expectToast(page, 'Certification assigned successfully!')
  await assign.waitFor({ state: 'detached' })
  const held = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem').filter({ hasText: TYPE })
  await held.getByText('Expires in 10 days').waitFor()
  const href = await held.getByRole('link', { name: 'Attachment' }).getAttribute('href')
  const attachment = await page.request.get(new URL(href, page.url()).href)
  expect(attachment.status()).toBe(200)
  expect(await attachment.body()).toEqual(pdf)
  await page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: `${TYPE} certificate` }).getByText(/forklift\.pdf/).waitFor()
  await shot('02-profile')

  // The same type again, overlapping: refused with the reason, in the dialog, nothing written.
  await page.getByRole('button', { name: 'Assign Certification' }).click()
  await typeSelect.selectOption({ label: `${TYPE} (Safety Board)` })
  await assign.getByLabel('Issue Date').fill(isoDay(-5))
  await assign.getByRole('button', { name: 'Assign Certification' }).click()
  await assign.getByRole('alert').getByText(`This employee already holds ${TYPE} for an overlapping period`, { exact: false }).waitFor()
  await assign.getByRole('button', { name: 'Cancel' }).click()
  await assign.waitFor({ state: 'detached' })
  expect(await held.count()).toBe(1)

  // 3. The compliance overview, filtered to the new type.
  await openFromSidebar(page, 'Certifications')
  await page.getByLabel('Certification type').selectOption({ label: TYPE })
  const row = page.getByRole('row').filter({ hasText: employeeName })
  await row.getByText('Expires in 10 days').waitFor()
  expect(await page.getByRole('row').filter({ hasText: TYPE }).count()).toBe(1)
  await expectAccessible(page, 'Certifications')
  await shot('03-overview')

  // The type's card counts the holder, expiring soon.
  await page.getByRole('navigation', { name: 'Certifications' }).getByRole('link', { name: 'Certification Types' }).click()
  await typeCard.getByText('1 active', { exact: true }).waitFor()
  await typeCard.getByText('1 expiring soon').waitFor()

  // 4. The daily job raises a reminder; it is marked read.
  const created = await runCertificationReminders()
  expect(created.certification_expiring >= 1, `the job created an expiring reminder: ${JSON.stringify(created)}`).toBeTruthy()
  await openFromSidebar(page, 'Reminders')
  const reminder = page.getByRole('listitem').filter({ hasText: `${employeeName}'s ${TYPE} certification expires on` })
  await reminder.waitFor()
  await expectAccessible(page, 'Reminders')
  await shot('04-reminder')
  await reminder.getByRole('button', { name: 'Mark Read' }).click()
  await expectToast(page, 'Reminder marked as read')
  await page.getByRole('tab', { name: /^Read/ }).click()
  await page.getByRole('tabpanel', { name: /^Read/ }).getByRole('listitem').filter({ hasText: TYPE }).waitFor()

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
