// The organisation: change its name and logo; create, validate and restore a backup; forgot
// password with the e-mail read from the test SMTP server (server.sh starts aiosmtpd and points
// the server's SMTP_HOST/SMTP_PORT at it) and the link followed.
import { expect, test } from '@playwright/test'
import { deflateSync } from 'node:zlib'
import { currentPassword, signIn, signOut } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { BASE_URL, NEW_PASSWORD, ORG, RESET_PASSWORD } from './lib/env.mjs'
import { mailMark, waitForMail } from './lib/mail.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast, openFromSidebar, runId, submitRefused, toast } from './lib/ui.mjs'

const ADMIN_EMAIL = 'admin@demo.example' // the demo organisation's adminEmail (tenants/demo.py)

const b = useSession('organization')

async function streamText(stream) {
  const chunks = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** A small valid PNG: a `size`-pixel square of one colour. */
function png(size = 32, [r, g, bl] = [79, 70, 229]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, bl]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('the organisation name and logo change and show in the banner', async () => {
  const { page, shot } = b
  await signIn(page, { path: '/admin' })
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor()
  const banner = page.getByRole('region', { name: 'Organization' })
  const original = (await banner.locator('p').first().textContent()).trim()
  const renamed = `${original} ${runId()}`
  await expectAccessible(page, 'Administration')

  const name = page.getByLabel('Organization name')
  // Bad input first: a one-letter name is refused with the rule, nothing is saved.
  await name.fill('A')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Organization name must be at least 2 characters').waitFor()
  await name.fill(renamed)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectToast(page, 'Organization updated')
  await banner.getByText(renamed, { exact: true }).waitFor()
  const sidebarOrganization = page.getByRole('group', { name: 'Current organization' })
  await sidebarOrganization.getByText(renamed, { exact: true }).waitFor()

  // A file that calls itself a PNG but is not one: the server reads the bytes and refuses it.
  const bannerImages = () => banner.locator('img').evaluateAll((imgs) => imgs.map((img) => img.src))
  const imagesBefore = await bannerImages()
  await page.getByLabel('Logo image file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  await expectToast(page, 'Failed to upload logo')
  await page.getByText(/Invalid file type\. Please upload a PNG, JPEG, GIF or WebP image\./).first().waitFor()
  expect(await bannerImages(), 'the refused file did not become the logo').toEqual(imagesBefore)

  await page.getByLabel('Logo image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() })
  await expectToast(page, 'Logo updated')
  const logo = banner.getByRole('img', { name: `${renamed} logo` })
  await logo.waitFor()
  expect(await logo.evaluate((img) => img.complete && img.naturalWidth === 32), 'the banner shows the uploaded logo').toBeTruthy()
  const sidebarLogo = sidebarOrganization.locator('img')
  await sidebarLogo.waitFor()
  expect(await sidebarLogo.getAttribute('src'), 'the sidebar shows the same logo').toBe(await logo.getAttribute('src'))
  await shot('01-renamed')

  // Put the name back for the other tests; the logo stays.
  await name.fill(original)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await banner.getByText(original, { exact: true }).waitFor()
})

test('a backup is created, validated and restored', async () => {
  const { page, shot } = b
  const DEPARTMENT = `E2E Restore Check ${runId()}`
  await openFromSidebar(page, 'Backup', 'System Backup')
  const history = page.getByRole('region', { name: 'Backup History' })
  const loaded = async () => {
    await history.waitFor()
    await page.getByRole('list', { name: 'Loading backups' }).waitFor({ state: 'detached' })
  }
  await loaded()
  const before = await history.getByRole('listitem').count()
  await page.getByRole('button', { name: 'Create Backup Now' }).click()
  await expectToast(page, 'Backup started')
  await expect(history.getByRole('listitem')).toHaveCount(before + 1)

  // The worker makes it in the background; the history is polled every 30 s, so reload to look.
  const newest = history.getByRole('listitem').first()
  const deadline = Date.now() + 60_000
  while (!(await newest.getByText('Completed', { exact: true }).isVisible())) {
    expect(Date.now() < deadline, 'the backup completed within a minute').toBeTruthy()
    await page.waitForTimeout(1000)
    await page.reload()
    await loaded()
  }
  const filename = (await newest.locator('p').first().textContent()).trim()
  await newest.getByRole('button', { name: 'Validate' }).click()
  await expectToast(page, 'Backup Valid')
  // The toast can open over the row's buttons, and stays while the pointer rests on it.
  await page.mouse.move(0, 0)
  await toast(page, 'Backup Valid').waitFor({ state: 'hidden' })
  const downloading = page.waitForEvent('download')
  await newest.getByRole('button', { name: 'Download' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(filename)
  const exported = JSON.parse(await streamText(await download.createReadStream()))
  expect(exported.format).toBe('merit-backup')
  expect(exported.checksum).toMatch(/^[0-9a-f]{64}$/)
  const users = exported.data.users
  const hashAt = users.columns.indexOf('password_hash')
  expect(users.rows.every((row) => row[hashAt] === null), 'no password hash in the download').toBeTruthy()
  await expectAccessible(page, 'System Backup')
  await shot('02-backup-valid')

  // A change after the backup...
  await openFromSidebar(page, 'Admin', 'Administration')
  await page.getByRole('button', { name: 'Add Department' }).click()
  const create = page.getByRole('dialog', { name: 'Create Department' })
  await create.getByLabel('Name').fill(DEPARTMENT)
  await create.getByRole('button', { name: 'Create Department' }).click()
  await expectToast(page, 'Department created')
  const departments = page.getByRole('list', { name: 'Departments' })
  await departments.getByText(DEPARTMENT).waitFor()

  // ...is undone by restoring it.
  await openFromSidebar(page, 'Backup', 'System Backup')
  const item = history.getByRole('listitem').filter({ hasText: filename })
  await item.getByRole('button', { name: 'Restore' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Restore this backup?' })
  await expectAccessible(page, 'Restore backup confirmation')
  const reloaded = page.waitForEvent('load', { timeout: 60_000 })
  await confirm.getByRole('button', { name: 'Restore Backup' }).click()
  await expectToast(page, 'Restore Successful', { timeout: 60_000 })
  await reloaded // the page reloads itself 2 seconds later
  await page.getByRole('heading', { level: 1, name: 'System Backup' }).waitFor()
  await openFromSidebar(page, 'Admin', 'Administration')
  await departments.getByRole('listitem').first().waitFor()
  expect(await departments.getByText(DEPARTMENT).count(), 'the department made after the backup is gone').toBe(0)
  await shot('03-restored')
})

test('forgot password: the e-mailed link resets the administrator password', async () => {
  const { page, shot } = b
  await signOut(page)

  // From the role login screen's Forgot password link.
  await page.goto(`${BASE_URL}/?org=${ORG}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await page.getByLabel('Email address').fill(ADMIN_EMAIL)
  await expectAccessible(page, 'Forgot password')
  const mark = mailMark()
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await page.getByRole('heading', { name: 'Check your email' }).waitFor()
  await page.getByRole('button', { name: 'Send Another Link' }).waitFor()
  await page.getByRole('link', { name: 'Back to Login' }).waitFor()
  await shot('04-link-sent')

  const mail = await waitForMail(ADMIN_EMAIL, { after: mark, matches: (m) => /Reset your Merit password/.test(m.subject ?? '') })
  const link = /https?:\/\/\S+\/reset-password\?token=[\w.~%-]+/.exec(mail.text)?.[0]
  expect(link, `the mail holds a reset link:\n${mail.text}`).toBeTruthy()

  // Follow it (on this server: the link's host is the organisation's address).
  const url = new URL(link)
  await page.goto(`${BASE_URL}${url.pathname}${url.search}`)
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
  expect(await page.getByLabel('Reset token').inputValue(), 'the token is prefilled').toBe(url.searchParams.get('token'))
  await page.getByLabel('New password').fill(RESET_PASSWORD)
  await page.getByLabel('Confirm password').fill(RESET_PASSWORD)
  await expectAccessible(page, 'Reset password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await page.getByRole('heading', { name: 'Password reset' }).waitFor()
  await shot('05-reset-done')

  // The new password signs in; the admin then changes it back with Change Password.
  expect((await currentPassword('admin')).password, 'the reset password is the one that works now').toBe(RESET_PASSWORD)
  const { forcedChange } = await signIn(page, { path: '/admin' })
  expect(forcedChange).toBe(false)
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor()
  await page.getByRole('button', { name: 'Change Password' }).click()
  const change = page.getByRole('dialog', { name: 'Change Password' })
  await change.getByLabel('Current password').fill(RESET_PASSWORD)
  await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await change.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}-typo`)
  await change.getByRole('button', { name: 'Change Password' }).click()
  await change.getByText('New passwords do not match').waitFor()
  await change.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await expectAccessible(page, 'Change Password dialog')
  await change.getByRole('button', { name: 'Change Password' }).click()
  await expectToast(page, 'Password changed')

})

test('an hr account added on /admin signs in with its own account and reaches /admin and the templates, certifications and analytics, not users or backups', async () => {
  const { page, shot } = b
  const email = `hr-${runId()}@demo.example`
  const first = 'Hana'
  const password = 'HrStart2026x'
  const hrPassword = 'HrOwn2026x'

  // The admin adds the account; bad input first.
  if (await page.getByRole('button', { name: 'Logout' }).isVisible()) await signOut(page)
  await signIn(page, { path: '/admin' })
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor()
  await page.getByRole('button', { name: 'Add User' }).click()
  const add = page.getByRole('dialog', { name: 'Add User' })
  await add.getByLabel('Email').fill('not-an-address')
  await add.getByLabel('First password').fill('short')
  await submitRefused(add, 'Add User')
  await add.getByText('Invalid email format').waitFor()
  await add.getByText('Password must be at least 8 characters long').waitFor()
  await add.getByLabel('Email').fill(email)
  await add.getByLabel('First name').fill(first)
  await add.getByLabel('Last name').fill('Reyes')
  await add.getByLabel('Role').selectOption('hr')
  await add.getByLabel('First password').fill(password)
  await add.getByRole('button', { name: 'Add User' }).click()
  await expectToast(page, 'User added')
  const users = page.getByRole('list', { name: 'Users' })
  await users.getByText(email).waitFor()
  // The same address twice is refused with the server's reason.
  await page.getByRole('button', { name: 'Add User' }).click()
  await add.getByLabel('Email').fill(email.toUpperCase())
  await add.getByLabel('First password').fill(password)
  await add.getByRole('button', { name: 'Add User' }).click()
  // (the toast region is hidden from the accessibility tree while a modal dialog is open, so
  // the reason is read where the dialog shows it)
  await add.getByText('A user with this email already exists').waitFor()
  await add.getByRole('button', { name: 'Cancel' }).click()
  await signOut(page)

  // 'Sign in with your account', the third choice of the role login screen.
  await page.goto(`${BASE_URL}/?org=${ORG}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Sign in with your account' }).click()
  await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Wrong2026x')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expectToast(page, 'Invalid credentials')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const forced = page.getByRole('dialog', { name: 'Change your password' })
  await forced.getByLabel('New password').fill(hrPassword)
  await forced.getByLabel('Confirm password').fill(hrPassword)
  await forced.getByRole('button', { name: 'Update password' }).click()
  await forced.waitFor({ state: 'detached' })
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.waitFor()
  await page.getByText('HR', { exact: true }).first().waitFor() // the role badge

  // hr opens /admin: departments and its own password, not settings, users or backups.
  expect(await nav.getByRole('link', { name: 'Backup', exact: true }).count(), 'no Backup link for hr').toBe(0)
  // The menus follow the server's table, which gives hr the administrator's other screens.
  for (const link of ['Templates', 'Certifications', 'Analytics']) {
    await nav.getByRole('link', { name: link, exact: true }).waitFor()
  }
  await openFromSidebar(page, 'Admin', 'Administration')
  await page.getByRole('heading', { name: 'Department Management' }).waitFor()
  await page.getByRole('button', { name: 'Change Password' }).waitFor()
  for (const heading of ['Organization Settings', 'User Management', 'System Backup']) {
    expect(await page.getByRole('heading', { name: heading, exact: true }).count(), `hr does not see ${heading}`).toBe(0)
  }
  await expectAccessible(page, 'Administration (hr)')
  await shot('06-hr-admin')
  await page.goto(`${BASE_URL}/backup`)
  await page.getByRole('heading', { name: 'Access denied' }).waitFor()
  await signOut(page)

  // The admin removes the account again.
  await signIn(page, { path: '/admin' })
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor()
  await users.getByRole('button', { name: `Remove ${first} Reyes` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove ${first} Reyes?` })
  await confirm.getByRole('button', { name: 'Remove User' }).click()
  await expectToast(page, 'User removed')
  await expect(users.getByText(email)).toHaveCount(0)

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
