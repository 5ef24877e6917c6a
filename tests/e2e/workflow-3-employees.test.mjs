// Employees: add an employee, find it by search, open its profile, add a note, upload and
// download a PDF, archive and restore, delete permanently (its document's file too). Bad input
// on the way gets its message. Each screen is also checked by axe.
import { expect, test } from '@playwright/test'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { BASE_URL, DATA_DIR } from './lib/env.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, isoDay, runId, submitRefused, toast } from './lib/ui.mjs'

const b = useSession('employees')

/** A small, valid one-page PDF. */
function pdf(text) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 70 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets = objects.map((object, i) => {
    const offset = body.length
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

test('an employee is added, found, documented, archived, restored and deleted', async () => {
  const { page, shot } = b
  const id = runId()
  const first = 'Ada'
  const last = `Testperson${id}`
  const name = `${first} ${last}`
  await signIn(page, { path: '/employees' })
  await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor()

  // 1. Add New Employee.
  await page.getByRole('button', { name: 'Add Employee' }).click()
  const add = page.getByRole('dialog', { name: 'Add New Employee' })
  // Bad input first: every problem is listed and nothing is sent.
  await add.getByLabel('Email Address').fill('not-an-email')
  await submitRefused(add, 'Add Employee')
  await add.getByText('Please fix the following errors:').waitFor()
  for (const message of ['First name is required', 'Last name is required', 'Invalid email format']) {
    await add.getByText(message, { exact: true }).waitFor()
  }
  await add.getByLabel('First Name').fill(first)
  await add.getByLabel('Last Name').fill(last)
  await add.getByLabel('Email Address').fill(`ada.${id}@example.com`)
  const department = add.getByLabel('Department')
  await department.locator('option').nth(1).waitFor({ state: 'attached' })
  await department.selectOption({ index: 1 })
  await add.getByLabel('Position').fill('Quality Engineer')
  await add.getByLabel('Start Date').fill(isoDay(-30))
  await add.getByLabel('Review Schedule').selectOption('annual')
  await add.getByLabel('Next Review Date').fill(isoDay(60))
  await expectAccessible(page, 'Add New Employee dialog')
  await shot('01-add-employee')
  await add.getByRole('button', { name: 'Add Employee' }).click()
  await expectToast(page, 'Employee added successfully!')
  await add.waitFor({ state: 'detached' })

  // 2. Found by search.
  const employees = page.getByRole('list', { name: 'Employees' })
  await page.getByRole('searchbox', { name: 'Search employees' }).fill(last)
  const card = employees.getByRole('article', { name })
  await card.waitFor()
  await card.getByText('Quality Engineer').waitFor()
  await expect(employees.getByRole('article')).toHaveCount(1) // the search finds only the new employee
  await expectAccessible(page, 'Employees')
  await shot('02-search')

  // 3. Profile.
  await card.getByRole('link', { name: `View Profile of ${name}` }).click()
  await page.getByRole('heading', { level: 1, name: 'Employee Profile' }).waitFor()
  const employeeId = Number(new URL(page.url()).pathname.split('/').pop())
  expect(employeeId > 0, 'the profile URL names the employee').toBeTruthy()
  await page.getByRole('heading', { name }).waitFor()
  await page.getByText('Quality Engineer').first().waitFor()

  // 4. HR note.
  await page.getByRole('button', { name: 'Add Note' }).click()
  const noteDialog = page.getByRole('dialog', { name: 'Add Note' })
  await noteDialog.getByLabel('Category').selectOption('recognition')
  await noteDialog.getByLabel('Note').fill('Found the release-blocking bug before launch.')
  await expectAccessible(page, 'Add Note dialog')
  await noteDialog.getByRole('button', { name: 'Add Note' }).click()
  await expectToast(page, 'Note Added')
  await noteDialog.waitFor({ state: 'detached' })
  const noteRow = page.getByRole('row').filter({ hasText: 'Found the release-blocking bug before launch.' })
  await noteRow.getByRole('cell', { name: 'Recognition' }).waitFor()
  await noteRow.getByRole('cell', { name: 'HR Admin' }).waitFor()

  // 5. Upload a PDF, then download it and compare the bytes.
  const file = pdf(`Contract of ${name}`)
  await page.getByRole('button', { name: 'Upload Document' }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Document' })
  const fileInput = upload.getByLabel('File', { exact: false }).first()
  // Bad input first: a program is refused on sight; text bytes named .pdf are refused by the
  // server, which looks at the bytes, not the name.
  await fileInput.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') })
  // (the toast raised inside the dialog is found by role: the dialog does not hide it)
  await expectToast(page, 'Please select a PDF, Word document, image, or text file.')
  await upload.getByText('Click to choose a file, or drop it here').waitFor()
  await fileInput.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF') })
  await upload.getByLabel('Document Type').selectOption('contract')
  await upload.getByRole('button', { name: 'Upload Document' }).click()
  const refused = toast(
    page,
    'Failed to upload document: Invalid file type. Please select a PDF, Word document, image, or text file.',
  )
  await refused.waitFor()
  // Escape closes the dialog the user is in, not the toast it raised; then the toast.
  await page.keyboard.press('Escape')
  await upload.waitFor({ state: 'detached' })
  expect(await refused.isVisible(), 'the toast outlives the dialog it was raised in').toBeTruthy()
  await page.keyboard.press('Escape')
  await refused.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Upload Document' }).click()
  await upload.waitFor()
  await fileInput.setInputFiles({
    name: 'employment-contract.pdf',
    mimeType: 'application/pdf',
    buffer: file,
  })
  await upload.getByText('employment-contract.pdf').waitFor()
  expect(await upload.getByLabel('Title').inputValue(), 'the title defaults to the file name').toBe('employment-contract')
  await upload.getByLabel('Document Type').selectOption('contract')
  await upload.getByLabel('Tags').fill('onboarding, signed')
  await expectAccessible(page, 'Upload Document dialog')
  await shot('03-upload')
  await upload.getByRole('button', { name: 'Upload Document' }).click()
  await expectToast(page, 'Document uploaded')
  await upload.waitFor({ state: 'detached' })
  const documents = page.getByRole('list', { name: 'Documents' })
  await documents.getByText('employment-contract.pdf', { exact: false }).waitFor()

  const downloading = page.waitForEvent('download')
  await documents.getByRole('button', { name: 'Download employment-contract' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('employment-contract.pdf')
  const downloaded = await readFile(await download.path())
  expect(downloaded.equals(file), 'the downloaded file is the uploaded one, byte for byte').toBeTruthy()
  await expectToast(page, 'Download started')
  const [saved] = await (await page.request.get(`${BASE_URL}/api/employees/${employeeId}/documents`)).json()
  const { organizationId } = await (await page.request.get(`${BASE_URL}/api/auth/session`)).json()
  // Where the server keeps the file (run.sh shares its data directory with the tests).
  const stored = DATA_DIR && join(DATA_DIR, 'files', `org_${organizationId}`, 'documents', saved.filePath.split('/').pop())
  if (stored) expect(existsSync(stored), `the uploaded file is stored at ${stored}`).toBeTruthy()
  await expectAccessible(page, 'Employee Profile')
  await shot('04-profile')

  // 6. Archive: hidden from the list until Show Archived; then restore.
  await page.getByRole('link', { name: 'Back to Employees' }).click()
  await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor()
  const search = page.getByRole('searchbox', { name: 'Search employees' })
  await search.fill(last)
  await card.waitFor()
  await card.getByRole('button', { name: `Actions for ${name}` }).click()
  await expectAccessible(page, 'Employee card menu')
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  await expectToast(page, 'Employee archived successfully')
  await page.getByText('No employees found').waitFor()
  await page.getByRole('button', { name: 'Show Archived' }).click()
  await card.getByText('Archived', { exact: true }).waitFor()
  await shot('05-archived')
  await card.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Restore' }).click()
  await expectToast(page, 'Employee restored successfully')
  await card.getByText('Archived', { exact: true }).waitFor({ state: 'detached' })
  await page.getByRole('button', { name: 'Hide Archived' }).click()
  await card.waitFor()

  // 7. Delete permanently, after a confirmation.
  await card.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Delete Permanently' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name} permanently?` })
  await expectAccessible(page, 'Delete employee confirmation')
  await confirm.getByRole('button', { name: 'Delete Permanently' }).click()
  await expectToast(page, 'Employee deleted successfully')
  await page.getByText('No employees found').waitFor()
  await page.getByRole('button', { name: 'Show Archived' }).click()
  await page.getByText('No employees found').waitFor()
  await shot('06-deleted')
  // The employee's document went with them: its download answers 404 and its file is gone.
  expect((await page.request.get(`${BASE_URL}${saved.filePath}`)).status()).toBe(404)
  expect((await page.request.get(`${BASE_URL}/api/employees/${employeeId}`)).status()).toBe(404)
  if (stored) expect(existsSync(stored), `the stored file ${stored} was removed`).toBe(false)

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
