// Single sign-on with the organisation's own provider: the administrator sets it up in Admin
// (with the connection test), then a person with a linked account signs in through a real
// OpenID Connect provider (the `oidc-provider` package, started here on 127.0.0.1) and lands on
// the dashboard as themselves; an address with no account comes back to the sign-in screen
// with the reason. The set-up is removed at the end, so the other files see the demo as before.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import { expect, request, test } from '@playwright/test'
import Provider from 'oidc-provider'
import { currentPassword, signIn, signOut } from './lib/auth.mjs'
import { BASE_URL, ORG } from './lib/env.mjs'
import { useSession } from './lib/session.mjs'
import { expectToast } from './lib/ui.mjs'

const PROVIDER_NAME = 'Demo Identity'
const CLIENT_ID = 'merit-e2e'
const CLIENT_SECRET = randomBytes(24).toString('hex')
const STRANGER = `stranger-${randomBytes(4).toString('hex')}@example.com`

const b = useSession('sso')
const run = { provider: null, person: null }

/** The provider, with one client for Merit's callback at this server's address. */
async function startProvider(accounts) {
  const server = http.createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${server.address().port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${BASE_URL}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' }] },
    findAccount: (_, id) => accounts[id] && { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  })
  server.on('request', provider.callback())
  const close = () => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  }
  return { issuer, close }
}

/** An API client signed in as the demo organisation's administrator. */
async function adminApi() {
  const { password } = await currentPassword('admin', ORG)
  const api = await request.newContext({ baseURL: BASE_URL })
  await api.post('/api/auth/org-login', { data: { subdomain: ORG } })
  const signedIn = await api.post('/api/auth/role-login', { data: { role: 'admin', password } })
  if (!signedIn.ok()) throw new Error(`admin sign-in: ${signedIn.status()} ${await signedIn.text()}`)
  return api
}

/** A manager of the demo whose account is linked to their employee record. */
async function linkedManager() {
  const api = await adminApi()
  try {
    const reply = await (await api.get('/api/users')).json()
    const users = Array.isArray(reply) ? reply : reply.items
    const found = users.find((u) => u.role === 'manager' && u.employeeId && u.isActive)
    if (!found) throw new Error('the demo has no linked manager account (tenants/demo_accounts.py)')
    return found
  } finally {
    await api.dispose()
  }
}

test.beforeAll(async () => {
  run.person = await linkedManager()
  run.provider = await startProvider({
    // The provider's casing of the address does not matter.
    person: { email: run.person.email.toUpperCase(), email_verified: true, name: 'Anyone' },
    stranger: { email: STRANGER, email_verified: true },
  })
  // The provider's pages load a web font: not needed here, and the test machine is offline.
  await b.context.route(/fonts\.googleapis\.com/, (route) => route.abort())
})

test.afterAll(async () => {
  const api = await adminApi()
  await api.delete('/api/organization/sso')
  await api.dispose()
  await run.provider?.close()
})

test("an administrator sets up single sign-on with the organization's provider", async () => {
  const { page, shot } = b
  await signIn(page, { role: 'admin', path: '/admin' })
  const form = page.locator('form').filter({ has: page.getByLabel('Issuer URL') })
  await form.getByLabel('Provider name').fill(PROVIDER_NAME)
  await form.getByLabel('Issuer URL').fill(run.provider.issuer)
  await form.getByLabel('Client ID').fill(CLIENT_ID)
  await form.getByLabel('Client secret').fill(CLIENT_SECRET)
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(form.getByRole('status')).toContainText('Connection works.')
  await expect(form.getByRole('status')).toContainText(`Connected to ${run.provider.issuer}`)
  await form.getByRole('radio', { name: /Refuse them/ }).check()
  await expect(form.getByRole('checkbox', { name: /Single sign-on switched on/ })).toBeChecked()
  await form.getByRole('button', { name: 'Save single sign-on' }).click()
  await expectToast(page, 'Single sign-on saved')
  await expect(form.getByLabel('Client secret')).toHaveValue('')
  await expect(form.getByLabel('Client secret')).toHaveAttribute('placeholder', 'Saved (leave empty to keep it)')
  await shot('01-settings')
  await signOut(page)
})

/** From the organization's sign-in screen through the provider's own pages, as `login`. */
async function signInThroughProvider(page, login) {
  // Whoever signed in at the provider before is forgotten there: the next person signs in anew.
  await page.context().clearCookies({ domain: '127.0.0.1' })
  await page.goto(`${BASE_URL}/?org=${ORG}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await page.getByPlaceholder('Enter any login').fill(login)
  await page.getByPlaceholder('and password').fill('any')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('a person signs in through the provider and lands on the dashboard as themselves', async () => {
  const { page, shot } = b
  await signInThroughProvider(page, 'person')
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  expect(new URL(page.url()).origin).toBe(BASE_URL)
  const session = await (await page.request.get(`${BASE_URL}/api/auth/session`)).json()
  expect(session.userRole).toBe('manager')
  expect(session.employeeId).toBe(run.person.employeeId)
  expect(session.userName).toBe(`${run.person.firstName} ${run.person.lastName}`)
  expect(session.forcePasswordChange).toBe(false)
  await shot('02-dashboard')
  await signOut(page)
})

test('an address with no account comes back to the sign-in screen with the reason', async () => {
  const { page, shot } = b
  await signInThroughProvider(page, 'stranger')
  const alert = page.getByRole('alert').filter({ hasText: 'Single sign-on failed.' })
  await expect(alert).toContainText(`No Merit account of this organization uses ${STRANGER}.`)
  // Back on the role screen, where another way in is offered.
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('ssoError')).toBe(null)
  expect((await page.request.get(`${BASE_URL}/api/auth/session`)).status()).toBe(401)
  await shot('03-refused')
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})
