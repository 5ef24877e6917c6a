// An organisation of a test file's own, made through the API as the platform admin and its
// administrator would make it: employees, reviews on the default template, personal accounts
// linked to employees and its 'Who sees what'. The demo organisation's settings stay as the other
// files expect them (need to know would switch its shared Manager sign-in off for good).
// MERIT_E2E_SHOTS names a directory for the desktop and phone screenshots these files take.
import { mkdirSync } from 'node:fs'
import { request } from '@playwright/test'
import { BASE_URL, NEW_PASSWORD, PLATFORM_EMAIL, PLATFORM_PASSWORD, defaultPassword } from './env.mjs'
import { isoDay, runId, toast } from './ui.mjs'

/** Where the screenshots of these files go (the repo's screenshots directory unless told). */
export const SHOTS_DIR = (process.env.MERIT_E2E_SHOTS ?? new URL('../screenshots/', import.meta.url).pathname).replace(/\/?$/, '/')
export const PHONE = { width: 390, height: 844 }

/** The reply's JSON, or an error that says which call the server refused and why. */
async function json(reply, what) {
  if (!reply.ok()) throw new Error(`${what}: ${reply.status()} ${await reply.text()}`)
  return reply.json()
}

/**
 * A new organisation (`<prefix>-<run id>`) with its shared Administrator password already
 * changed to NEW_PASSWORD. Returns its code and name and `admin`, an API client signed in as
 * that administrator (dispose() it when done).
 */
export async function newOrganization(prefix, name) {
  const subdomain = `${prefix}-${runId()}`
  const platform = await request.newContext({ baseURL: BASE_URL })
  try {
    await json(await platform.post('/api/platform/login', { data: { email: PLATFORM_EMAIL, password: PLATFORM_PASSWORD } }), 'platform sign-in')
    await json(await platform.post('/api/organizations', { data: { name: `${name} ${subdomain}`, subdomain } }), 'create organisation')
  } finally {
    await platform.dispose()
  }
  const admin = await request.newContext({ baseURL: BASE_URL })
  await json(await admin.post('/api/auth/org-login', { data: { subdomain } }), 'org-login')
  const password = defaultPassword('admin', subdomain)
  await json(await admin.post('/api/auth/role-login', { data: { role: 'admin', password } }), 'admin sign-in')
  await json(
    await admin.post('/api/auth/change-password', { data: { currentPassword: password, newPassword: NEW_PASSWORD } }),
    'admin password change',
  )
  return { subdomain, name: `${name} ${subdomain}`, admin }
}

/** Add an employee (`manager`: the manager's employee record, as returned here). */
export async function addEmployee(admin, { first, last, position, department = 'engineering', manager = null }) {
  return json(
    await admin.post('/api/employees', {
      data: {
        firstName: first,
        lastName: last,
        email: `${first}.${last}@example.com`.toLowerCase(),
        department,
        position,
        startDate: isoDay(-400),
        managerId: manager?.employeeId ?? null,
        reviewSchedule: 'annual',
      },
    }),
    `add employee ${first} ${last}`,
  )
}

/** An answer to each question of a template, as the review wizard would send them. */
function answersTo(questions, text) {
  const answer = (q) => {
    if (q.type === 'rating') return Math.min(4, q.scale ?? 5)
    if (q.type === 'yes-no') return 'yes'
    if (q.type === 'multiple-choice') return q.options[0]
    return text
  }
  return Object.fromEntries(questions.map((q) => [q.id, answer(q)]))
}

/**
 * A review of `employee` on the default template, due in a week; with `completedWith` it is
 * completed, every text answer saying that text. Returns the review.
 */
export async function addReview(admin, employee, { type = 'annual', completedWith = null } = {}) {
  const templates = await json(await admin.get('/api/templates'), 'templates')
  const template = templates.find((t) => t.isDefault) ?? templates[0]
  const review = await json(
    await admin.post('/api/reviews', { data: { employeeId: employee.id, templateId: template.id, reviewType: type, dueDate: isoDay(7) } }),
    `review of ${employee.firstName}`,
  )
  if (!completedWith) return review
  const done = { status: 'completed', responses: answersTo(template.questions, completedWith), rating: 4 }
  return json(await admin.put(`/api/reviews/${review.id}`, { data: done }), `complete the review of ${employee.firstName}`)
}

/**
 * A personal account for `employee` (its e-mail), signing in with `password` (the first sign-in
 * asks for a new one). Returns the account.
 */
export async function addAccount(admin, employee, { role, password }) {
  return json(
    await admin.post('/api/users', {
      data: { email: employee.email, firstName: employee.firstName, lastName: employee.lastName, role, password, employeeId: employee.id },
    }),
    `account for ${employee.firstName}`,
  )
}

/** The organisation's 'Who sees what' ("open" or "need_to_know"), as its administrator sets it. */
export async function setVisibility(admin, visibility) {
  const org = await json(await admin.put('/api/organization/access', { data: { visibility } }), 'who sees what')
  if (org.visibility !== visibility) throw new Error(`visibility is ${org.visibility}, not ${visibility}`)
  return org
}

/**
 * 'Sign in with your account' through the UI, starting at `path`; a first sign-in (`firstTime`)
 * goes through the forced change of the password the administrator gave to NEW_PASSWORD.
 * Waits for the signed-in layout.
 */
export async function signInWithAccount(page, { org, email, password, path = '/', firstTime = false }) {
  await page.goto(`${BASE_URL}${path}?org=${encodeURIComponent(org)}`)
  await page.getByLabel('Organization code').fill(org)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Sign in with your account' }).click()
  await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (firstTime) {
    const dialog = page.getByRole('dialog', { name: 'Change your password' })
    await dialog.getByLabel('New password').fill(NEW_PASSWORD)
    await dialog.getByLabel('Confirm password').fill(NEW_PASSWORD)
    await dialog.getByRole('button', { name: 'Update password' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Its confirmation would cover the screens that follow (and their screenshots).
    const done = toast(page, 'Password updated')
    await done.waitFor()
    await done.locator('xpath=ancestor::li[1]').getByRole('button', { name: 'Close' }).click()
    await done.waitFor({ state: 'detached' })
  }
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
}

/** Wait until nothing is loading (no skeleton or spinner) and running animations are over. */
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, .animate-spin'), undefined, { timeout: 10_000 })
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))])
  })
}

/**
 * Screenshots of the page once it has loaded, at desktop size and at phone size (390 x 844),
 * named `<name>-desktop.png` and `<name>-phone.png`; the page is back at its size afterwards.
 * `fullPage: false` keeps to the window, as a person sees an open dialog (a full-page picture
 * draws the dialog and its backdrop over the first screenful of a long page only).
 */
export async function shootBoth(page, name, { fullPage = true } = {}) {
  mkdirSync(SHOTS_DIR, { recursive: true })
  const size = page.viewportSize()
  await settled(page)
  await page.screenshot({ path: `${SHOTS_DIR}${name}-desktop.png`, fullPage })
  await page.setViewportSize(PHONE)
  await settled(page)
  await page.screenshot({ path: `${SHOTS_DIR}${name}-phone.png`, fullPage })
  await page.setViewportSize(size)
}
