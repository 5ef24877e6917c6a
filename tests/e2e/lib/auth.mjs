// The shared sign-in: landing-free deep link (/?org=demo or /<screen>?org=demo), organization
// code, role, password; on the first sign-in of a role the forced password-change dialog turns
// the default password into NEW_PASSWORD. Test files share one server, so whichever runs first
// for a role does the change and the others sign in with NEW_PASSWORD.
import { request } from '@playwright/test'
import { recentApiCalls } from './session.mjs'
import { BASE_URL, NEW_PASSWORD, ORG, RESET_PASSWORD, defaultPassword } from './env.mjs'

const ROLE_LABELS = { admin: 'Administrator', manager: 'Manager' }

/** Which password a role has now: NEW_PASSWORD once changed, else the default one. */
export async function currentPassword(role = 'admin', org = ORG) {
  const api = await request.newContext({ baseURL: BASE_URL })
  try {
    const found = await api.post('/api/auth/org-login', { data: { subdomain: org } })
    if (!found.ok()) throw new Error(`organization ${org}: ${found.status()} ${await found.text()}`)
    for (const password of [NEW_PASSWORD, defaultPassword(role, org), RESET_PASSWORD]) {
      const signedIn = await api.post('/api/auth/role-login', { data: { role, password } })
      if (signedIn.ok()) return { password, forceChange: Boolean((await signedIn.json()).forcePasswordChange) }
    }
    throw new Error(`neither ${NEW_PASSWORD} nor the default password signs ${role} in to ${org}`)
  } finally {
    await api.dispose()
  }
}

/**
 * Sign `role` in to `org` through the UI, starting at `path` (a screen survives sign-in), and
 * wait for the signed-in layout. With `navigate: false` the page is already on the sign-in
 * flow's organization step. Returns whether the forced change happened.
 */
export async function signIn(page, { role = 'admin', org = ORG, path = '/', navigate = true } = {}) {
  const { password, forceChange } = await currentPassword(role, org)
  if (navigate) await page.goto(`${BASE_URL}${path}?org=${encodeURIComponent(org)}`)
  const code = page.getByLabel('Organization code')
  await code.fill(org)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: new RegExp(ROLE_LABELS[role]) }).check()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (forceChange) await changeForcedPassword(page)
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  return { forcedChange: forceChange }
}

/** Fill the forced password-change dialog with NEW_PASSWORD and wait for it to go. */
export async function changeForcedPassword(page) {
  const dialog = page.getByRole('dialog', { name: 'Change your password' })
  await dialog.getByLabel('New password').fill(NEW_PASSWORD)
  await dialog.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: 'Update password' }).click()
  try {
    await dialog.waitFor({ state: 'detached' })
  } catch (error) {
    // Say what the user would see and what the server answered, not only that it timed out.
    const shown = await page.locator('body').innerText().catch(() => '?')
    throw new Error(`${error.message}\n--- page text ---\n${shown}\n--- last API calls ---\n${recentApiCalls(page)}`)
  }
}

/** Sign out through the sidebar and wait for the landing page. */
export async function signOut(page) {
  await page.getByRole('button', { name: 'Logout' }).click()
  await page.getByRole('heading', { name: 'The whole performance cycle, handled' }).waitFor()
}
