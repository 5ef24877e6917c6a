import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import SuperAdminPage from './super-admin-page'

const openAssistant = vi.fn()

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant }}>
      <SuperAdminPage />
    </AssistantContext.Provider>,
  )
}

const LOCAL = { oidcEnabled: false, localEnabled: true, providerName: null }
const OIDC = { oidcEnabled: true, localEnabled: false, providerName: 'Acme SSO' }
const ME = { email: 'owner@example.com', name: 'Olive', method: 'oidc' }

const thisMonth = new Date().toISOString()
const org = (id: number, subdomain: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `${subdomain[0]!.toUpperCase()}${subdomain.slice(1)} Ltd`,
  subdomain,
  schemaName: `org_${id}`,
  description: null,
  industry: null,
  size: null,
  logoUrl: null,
  adminEmail: null,
  isActive: true,
  visibility: 'open',
  sharedAdminSignIn: true,
  sharedManagerSignIn: true,
  adminForcePasswordChange: true,
  managerForcePasswordChange: false,
  adminLastPasswordChange: null,
  managerLastPasswordChange: '2030-01-05T10:00:00Z',
  createdAt: thisMonth,
  updatedAt: thisMonth,
  ...fields,
})

function signedIn(organizations: unknown[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/platform/session': jsonResponse(200, ME),
    'GET /api/organizations': () => jsonResponse(200, organizations),
    ...extra,
  })
}

describe('SuperAdminPage', () => {
  it('offers the external sign-in when signed out, and shows why a sign-in failed', async () => {
    window.history.replaceState(null, '', '/super-admin?error=The%20sign-in%20could%20not%20be%20verified.')
    mockApi({
      'GET /api/platform/session': jsonResponse(401, { message: 'Please sign in as a platform administrator' }),
      'GET /api/platform/config': jsonResponse(200, OIDC),
    })
    renderPage()
    const signIn = await screen.findByRole('link', { name: 'Sign in with Acme SSO' })
    expect(signIn).toHaveAttribute('href', '/api/platform/oidc/login')
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in could not be verified.')
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  })

  it('signs a local platform admin in where no provider is configured', async () => {
    let signedInYet = false
    const fetchMock = mockApi({
      'GET /api/platform/session': () =>
        signedInYet ? jsonResponse(200, { ...ME, method: 'local' }) : jsonResponse(401, { message: 'Please sign in' }),
      'GET /api/platform/config': jsonResponse(200, LOCAL),
      'POST /api/platform/login': () => {
        signedInYet = true
        return jsonResponse(200, ME)
      },
      'GET /api/organizations': jsonResponse(200, []),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter your e-mail address')).toBeInTheDocument()
    await user.type(screen.getByLabelText('E-mail'), 'owner@example.com')
    await user.type(screen.getByLabelText('Password'), 'Secret2026pw')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('No organizations yet')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/platform/login')).toEqual({
      email: 'owner@example.com',
      password: 'Secret2026pw',
    })
  })

  it('signs in an admin whose address the command line accepted, however short', async () => {
    const fetchMock = mockApi({
      'GET /api/platform/session': jsonResponse(401, { message: 'Please sign in' }),
      'GET /api/platform/config': jsonResponse(200, LOCAL),
      'POST /api/platform/login': jsonResponse(401, { message: 'Invalid e-mail or password' }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.type(await screen.findByLabelText('E-mail'), 'not an address')
    await user.type(screen.getByLabelText('Password'), 'Secret2026pw')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('E-mail'))
    await user.type(screen.getByLabelText('E-mail'), 'a@b.c')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/platform/login')).toEqual({ email: 'a@b.c', password: 'Secret2026pw' }))
  })

  it('closes the failed sign-in message once a sign-in succeeds', async () => {
    let signedInYet = false
    mockApi({
      'GET /api/platform/session': () =>
        signedInYet ? jsonResponse(200, { ...ME, method: 'local' }) : jsonResponse(401, { message: 'Please sign in' }),
      'GET /api/platform/config': jsonResponse(200, LOCAL),
      'POST /api/platform/login': (init) => {
        if (JSON.parse(String(init.body)).password !== 'Secret2026pw') return jsonResponse(401, { message: 'Invalid credentials' })
        signedInYet = true
        return jsonResponse(200, ME)
      },
      'GET /api/organizations': jsonResponse(200, []),
    })
    const user = userEvent.setup()
    renderPage()
    await user.type(await screen.findByLabelText('E-mail'), 'owner@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Sign-in failed')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), 'Secret2026pw')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('No organizations yet')).toBeInTheDocument()
    // Closed, not timed out: a toast lasts 5 s on its own.
    await waitFor(() => expect(screen.queryByText('Sign-in failed')).not.toBeInTheDocument(), { timeout: 1000 })
  })

  it('shows Access Denied on a 403, with Sign Out and a back link', async () => {
    let out = false
    const fetchMock = mockApi({
      'GET /api/platform/session': () =>
        out
          ? jsonResponse(401, { message: 'Please sign in' })
          : jsonResponse(403, { message: 'Access denied: eve@example.com is not a platform administrator' }),
      'POST /api/platform/logout': () => {
        out = true
        return jsonResponse(200, { success: true })
      },
      'GET /api/platform/config': jsonResponse(200, OIDC),
    })
    const user = userEvent.setup()
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
    expect(screen.getByText('Access denied: eve@example.com is not a platform administrator')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')

    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/platform/logout') && init?.method === 'POST')).toBe(true)
  })

  it('shows the stats cards, the organisation cards, and Visit in a new tab', async () => {
    const open = vi.fn()
    vi.stubGlobal('open', open)
    signedIn([
      org(1, 'acme', { industry: 'Technology' }),
      org(2, 'globex', { industry: 'technology', isActive: false }),
      org(3, 'initech', { industry: 'Finance', createdAt: '2020-01-01T00:00:00Z' }),
    ])
    const user = userEvent.setup()
    renderPage()

    const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!
    await waitFor(() => expect(within(card('Total Organizations')).getByText('3')).toBeInTheDocument())
    expect(within(card('Active Organizations')).getByText('3')).toBeInTheDocument() // those having a subdomain
    expect(within(card('Industries')).getByText('2')).toBeInTheDocument()
    expect(within(card('This Month')).getByText('2')).toBeInTheDocument()
    expect(screen.getByText('Inactive')).toBeInTheDocument()
    expect(screen.getByText('owner@example.com')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Visit Acme Ltd' }))
    expect(open).toHaveBeenCalledWith('/?org=acme', '_blank', 'noopener,noreferrer')

    await user.click(screen.getByRole('button', { name: 'Help - How to use Merit' }))
    expect(openAssistant).toHaveBeenCalledWith('ai')
  })

  it('creates an organisation with the subdomain derived from the name', async () => {
    const organizations: unknown[] = []
    const fetchMock = signedIn(organizations, {
      'POST /api/organizations': (init) => {
        const body = JSON.parse(String(init.body)) as { subdomain: string; name: string }
        if (body.subdomain === 'taken-co') return jsonResponse(409, { message: "The subdomain 'taken-co' is already taken" })
        const created = org(9, body.subdomain, { name: body.name, industry: 'Retail' })
        organizations.push(created)
        return jsonResponse(201, created)
      },
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'New Organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' })

    await user.type(within(dialog).getByLabelText('Organization Name *'), 'Taken Co')
    expect(within(dialog).getByLabelText('Subdomain *')).toHaveValue('taken-co')
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }))
    expect(await within(dialog).findByText("The subdomain 'taken-co' is already taken", { selector: 'p' })).toBeInTheDocument()

    const name = within(dialog).getByLabelText('Organization Name *')
    await user.clear(name)
    await user.type(name, 'Wayne Enterprises, Inc.')
    expect(within(dialog).getByLabelText('Subdomain *')).toHaveValue('wayne-enterprises-inc')
    await user.type(within(dialog).getByLabelText('Industry'), 'Retail')
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }))

    expect(await screen.findByText('Organization created')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({
      name: 'Wayne Enterprises, Inc.',
      subdomain: 'wayne-enterprises-inc',
      industry: 'Retail',
    })
    expect(await screen.findByRole('heading', { name: 'Wayne Enterprises, Inc.' })).toBeInTheDocument()
  })

  it('creates an organisation under need to know with a set-up link for its administrator', async () => {
    const fetchMock = signedIn([], {
      'GET /api/platform/config': jsonResponse(200, { ...LOCAL, mailConfigured: true }),
      'POST /api/organizations': (init) => {
        const body = JSON.parse(String(init.body)) as { subdomain: string; name: string; adminEmail: string }
        return jsonResponse(201, {
          ...org(9, body.subdomain, { name: body.name, adminEmail: body.adminEmail }),
          visibility: 'need_to_know',
          sharedAdminSignIn: false,
          sharedManagerSignIn: false,
          setupLinkSent: true,
          setupLink: null,
          message: `A set-up link was sent to ${body.adminEmail}.`,
        })
      },
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'New Organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' })
    expect(within(dialog).getByRole('radio', { name: /Open/ })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /Need to know/ })).toHaveAccessibleName(/Recommended/)
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Organization Name *'), 'Stark Industries')
    await user.click(within(dialog).getByRole('radio', { name: /Need to know/ }))
    expect(within(dialog).getByText(/shared Manager sign-in starts switched off/)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Admin Email'), 'pepper@stark.test')
    await user.click(within(dialog).getByRole('checkbox', { name: /Send a set-up link instead of a default password/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }))

    expect(await screen.findByText(/A set-up link was sent to pepper@stark.test\./)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      name: 'Stark Industries',
      subdomain: 'stark-industries',
      adminEmail: 'pepper@stark.test',
      visibility: 'need_to_know',
      sendSetupLink: true,
    })
  })

  it('shows a set-up link that could not be e-mailed, to copy once', async () => {
    signedIn([], {
      'GET /api/platform/config': jsonResponse(200, { ...LOCAL, mailConfigured: true }),
      'POST /api/organizations': jsonResponse(201, {
        ...org(9, 'stark', { name: 'Stark Ltd', adminEmail: 'pepper@stark.test' }),
        sharedAdminSignIn: false,
        setupLinkSent: false,
        setupLink: 'http://stark.localhost/reset-password?token=abc&setup=1',
        message: 'The set-up link could not be e-mailed. Copy it now and pass it on to pepper@stark.test.',
      }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'New Organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' })
    await user.type(within(dialog).getByLabelText('Organization Name *'), 'Stark Ltd')
    await user.type(within(dialog).getByLabelText('Admin Email'), 'pepper@stark.test')
    await user.click(within(dialog).getByRole('checkbox', { name: /Send a set-up link/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }))

    const shown = await screen.findByRole('dialog', { name: 'Organization created' })
    expect(within(shown).getByText('http://stark.localhost/reset-password?token=abc&setup=1')).toBeInTheDocument()
    expect(within(shown).getByText(/could not be e-mailed/)).toBeInTheDocument()
    expect(within(shown).getByRole('button', { name: 'Copy the set-up link' })).toBeInTheDocument()
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('offers no set-up link when the server cannot send e-mail', async () => {
    signedIn([], { 'GET /api/platform/config': jsonResponse(200, { ...LOCAL, mailConfigured: false }) })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'New Organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' })
    await user.type(within(dialog).getByLabelText('Admin Email'), 'pepper@stark.test')
    expect(within(dialog).getByRole('checkbox', { name: /Send a set-up link/ })).toBeDisabled()
    expect(within(dialog).getByText(/E-mail is not set up on this server/)).toBeInTheDocument()
  })

  it('validates the create form with the server\'s messages', async () => {
    signedIn([])
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'New Organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' })
    await user.type(within(dialog).getByLabelText('Organization Name *'), 'A')
    await user.type(within(dialog).getByLabelText('Admin Email'), 'nope')
    await user.type(within(dialog).getByLabelText('Logo URL'), 'ftp://x')
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }))
    expect(await within(dialog).findByText('Organization name must be at least 2 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Subdomain must be at least 3 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(within(dialog).getByText('Logo URL must be a valid URL')).toBeInTheDocument()
  })

  it('edits and deactivates an organisation', async () => {
    const fetchMock = signedIn([org(1, 'acme', { industry: 'Technology' })], {
      'PUT /api/organizations/1': (init) => jsonResponse(200, { ...org(1, 'acme'), ...JSON.parse(String(init.body)) }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Ltd' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Organization' })
    expect(within(dialog).getByLabelText('Subdomain *')).toHaveValue('acme')
    const name = within(dialog).getByLabelText('Organization Name *')
    await user.clear(name)
    await user.type(name, 'Acme Global')
    expect(within(dialog).getByLabelText('Subdomain *')).toHaveValue('acme') // edit never re-derives
    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Organization updated')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/organizations/1')).toEqual({
      name: 'Acme Global',
      subdomain: 'acme',
      description: null,
      industry: 'Technology',
      size: null,
      logoUrl: null,
      adminEmail: null,
      isActive: false,
    })
  })

  it('deletes only after the subdomain is typed', async () => {
    const fetchMock = signedIn([org(1, 'acme')], {
      'DELETE /api/organizations/1': jsonResponse(200, {
        success: true,
        message: "Organization 'Acme Ltd' was deleted. A final backup was kept.",
        backupFile: 'acme-org1.json',
      }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Ltd' }))
    const dialog = await screen.findByRole('alertdialog')
    const confirm = within(dialog).getByRole('button', { name: 'Delete Organization' })
    expect(confirm).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/to confirm/), 'acm')
    expect(confirm).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/to confirm/), 'e')
    expect(confirm).toBeEnabled()
    await user.click(confirm)
    expect(await screen.findByText("Organization 'Acme Ltd' was deleted. A final backup was kept.")).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/organizations/1')).toEqual({ confirmSubdomain: 'acme' })
  })

  it('shows reset links once, with the note that they were not sent', async () => {
    const message =
      'Password reset tokens were generated but not sent: the e-mail service is not configured. Copy the links below now; they are shown only once, work once, and expire in 2 hours.'
    signedIn([org(1, 'acme')], {
      'POST /api/organizations/1/reset-passwords': jsonResponse(200, {
        success: true,
        emailSent: false,
        message,
        links: [
          { role: 'admin', url: 'http://localhost/reset-password?token=abc&role=admin', expiresAt: thisMonth },
          { role: 'manager', url: 'http://localhost/reset-password?token=def&role=manager', expiresAt: thisMonth },
        ],
      }),
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Details of Acme Ltd' }))
    const dialog = await screen.findByRole('dialog', { name: 'Acme Ltd' })
    expect(within(dialog).getByText('org_1')).toBeInTheDocument()
    expect(within(dialog).getByText('First-time password still in use')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reset Passwords' }))
    expect(await within(dialog).findByText('http://localhost/reset-password?token=abc&role=admin')).toBeInTheDocument()
    expect(within(dialog).getByText('http://localhost/reset-password?token=def&role=manager')).toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent('generated but not sent')

    // Closing forgets them: they are shown only once.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(await screen.findByRole('button', { name: 'Details of Acme Ltd' }))
    const again = await screen.findByRole('dialog', { name: 'Acme Ltd' })
    expect(within(again).queryByText(/token=abc/)).not.toBeInTheDocument()
  })

  it('returns to the gate when the platform session ends', async () => {
    let calls = 0
    mockApi({
      'GET /api/platform/session': () => (++calls === 1 ? jsonResponse(200, ME) : jsonResponse(401, { message: 'x' })),
      'GET /api/organizations': jsonResponse(401, { message: 'Please sign in as a platform administrator' }),
      'GET /api/platform/config': jsonResponse(200, OIDC),
    })
    renderPage()
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeInTheDocument()
  })
})
