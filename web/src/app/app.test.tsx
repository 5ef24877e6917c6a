import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Role } from '@/lib/roles'
import { sessionReply } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { App } from './app'

const demo = { id: 1, name: 'Demo Inc', subdomain: 'demo', industry: 'Software', size: '11-50', logoUrl: null }
const sessionFor = (userRole: Role, forcePasswordChange = false) => sessionReply(userRole, { forcePasswordChange })
const signedOut = () => jsonResponse(401, { message: 'Not authenticated' })

function renderAt(path: string) {
  window.history.replaceState(null, '', path)
  return renderWithProviders(<App />)
}

function signedInApi(role: Role, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': jsonResponse(200, sessionFor(role)),
    'GET /api/organization/current': jsonResponse(200, { ...demo, description: null, isActive: true }),
    'GET /api/dashboard/stats': jsonResponse(200, {
      totalEmployees: 12,
      reviewsDue: 3,
      completedReviews: 8,
      averageRating: 4.256,
    }),
    'GET /api/reviews/upcoming': jsonResponse(200, []),
    'POST /api/auth/logout': jsonResponse(200, { success: true }),
    ...extra,
  })
}

describe('sign-in flow', () => {
  it('goes from the landing page through organization, role and a forced password change to the dashboard', async () => {
    let session: ReturnType<typeof sessionFor> | null = null
    signedInApi('admin', {
      'GET /api/auth/session': () => (session ? jsonResponse(200, session) : signedOut()),
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: demo, message: 'ok' }),
      'POST /api/auth/role-login': () => {
        session = sessionFor('admin', true)
        return jsonResponse(200, { success: true, forcePasswordChange: true })
      },
      'POST /api/auth/change-password': () => {
        session = sessionFor('admin', false)
        return jsonResponse(200, { success: true, message: 'Password changed' })
      },
    })
    renderAt('/')

    const features = await screen.findByRole('region', { name: /whole performance cycle/ })
    for (const feature of [
      'Employee management',
      'Performance reviews',
      'Certification tracking',
      'Analytics',
      'Automated reminders',
      'Multi-tenant security',
    ]) {
      expect(within(features).getByRole('heading', { name: feature })).toBeInTheDocument()
    }
    expect(screen.getByRole('link', { name: /hello@merit\.example/ })).toHaveAttribute('href', 'mailto:hello@merit.example')
    expect(screen.getByText('+1 (555) 010-4242')).toBeInTheDocument()

    await userEvent.click(screen.getAllByRole('button', { name: /Login/ })[0]!)
    await userEvent.type(await screen.findByLabelText('Organization code'), 'Demo')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    await userEvent.click(await screen.findByRole('radio', { name: /Administrator/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'admindemo')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' })
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Welcome2026x')
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Welcome2026x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update password' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
    expect(sessionStorage.getItem('userRole')).toBe('admin')
  })

  it('asks for sign-in straight away on a screen, then opens that screen with its query', async () => {
    let session: ReturnType<typeof sessionFor> | null = null
    signedInApi('admin', {
      'GET /api/auth/session': () => (session ? jsonResponse(200, session) : signedOut()),
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: demo, message: 'ok' }),
      'POST /api/auth/role-login': () => {
        session = sessionFor('manager')
        return jsonResponse(200, { success: true, forcePasswordChange: false })
      },
    })
    renderAt('/reminders?view=upcoming&org=demo')

    // The code form, not the marketing page.
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(screen.queryByRole('region', { name: /whole performance cycle/ })).not.toBeInTheDocument()
    await userEvent.click(await screen.findByRole('radio', { name: /Manager/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'managerdemo')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument()
    expect(`${window.location.pathname}${window.location.search}`).toBe('/reminders?view=upcoming')
  })

  it('closes an error of one sign-in step when the next step opens', async () => {
    let session: ReturnType<typeof sessionFor> | null = null
    signedInApi('admin', {
      'GET /api/auth/session': () => (session ? jsonResponse(200, session) : signedOut()),
      'POST /api/auth/org-login': (init) =>
        JSON.parse(String(init.body)).subdomain === 'demo'
          ? jsonResponse(200, { success: true, organization: demo, message: 'ok' })
          : jsonResponse(404, { message: 'Organization not found' }),
      'POST /api/auth/role-login': (init) => {
        if (JSON.parse(String(init.body)).password !== 'admindemo') return jsonResponse(401, { message: 'Invalid credentials' })
        session = sessionFor('admin', true)
        return jsonResponse(200, { success: true, forcePasswordChange: true })
      },
    })
    renderAt('/?org=dmeo')

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(/Organization not found/)).toBeInTheDocument()
    const code = screen.getByLabelText('Organization code')
    await userEvent.clear(code)
    await userEvent.type(code, 'demo{Enter}')
    await screen.findByRole('radio', { name: /Administrator/ })
    // Closed, not timed out: a toast lasts 5 s on its own.
    await waitFor(() => expect(screen.queryByText(/Organization not found/)).not.toBeInTheDocument(), { timeout: 1000 })

    await userEvent.click(screen.getByRole('radio', { name: /Administrator/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Login Failed')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Password'))
    await userEvent.type(screen.getByLabelText('Password'), 'admindemo')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Login Failed')).not.toBeInTheDocument(), { timeout: 1000 })
  })

  it('prefills the organization code from a single path segment', async () => {
    mockApi({ 'GET /api/auth/session': signedOut() })
    renderAt('/acme')
    expect(await screen.findByLabelText('Organization code')).toHaveValue('acme')
  })

  it('prefills the organization code from ?org=', async () => {
    mockApi({ 'GET /api/auth/session': signedOut() })
    renderAt('/?org=globex')
    expect(await screen.findByLabelText('Organization code')).toHaveValue('globex')
  })

  it('honours ?org= for another organisation while signed in (Visit from the super-admin panel)', async () => {
    signedInApi('admin')
    renderAt('/?org=Globex')
    expect(await screen.findByLabelText('Organization code')).toHaveValue('globex')
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('opens the app when ?org= names the organisation already signed in', async () => {
    signedInApi('admin')
    renderAt('/?org=demo')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
  })

  it('leads from the organization screen back Home and on to /super-admin', async () => {
    mockApi({
      'GET /api/auth/session': signedOut(),
      'GET /api/platform/session': jsonResponse(401, { message: 'Please sign in as a platform administrator' }),
      'GET /api/platform/config': jsonResponse(200, { oidcEnabled: true, localEnabled: false, providerName: null }),
    })
    renderAt('/acme')

    await userEvent.click(await screen.findByRole('button', { name: 'Home' }))
    expect(await screen.findByRole('region', { name: /whole performance cycle/ })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')

    await userEvent.click(screen.getAllByRole('button', { name: /Login/ })[0]!)
    await userEvent.click(await screen.findByRole('link', { name: 'Super admin sign-in' }))
    expect(await screen.findByRole('heading', { name: 'Super admin sign-in' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Sign in with your external account' })).toBeInTheDocument()
  })

  it('treats a failed session check as signed out and clears the browser session', async () => {
    sessionStorage.setItem('isAuthenticated', 'true')
    mockApi({ 'GET /api/auth/session': jsonResponse(500, { message: 'down' }) })
    renderAt('/')
    expect(await screen.findByRole('region', { name: /whole performance cycle/ })).toBeInTheDocument()
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
  })

  it('says why when the server refuses the session: its organisation was deactivated', async () => {
    sessionStorage.setItem('isAuthenticated', 'true')
    const reason = 'This organization has been deactivated. Please contact support.'
    mockApi({ 'GET /api/auth/session': jsonResponse(403, { message: reason }) })
    renderAt('/employees')
    expect(await screen.findByLabelText('Organization code')).toBeInTheDocument()
    expect((await screen.findAllByText(reason)).length).toBeGreaterThan(0)
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
  })
})

describe('signed-in app', () => {
  it('shows every sidebar entry, the review assistant and the role badge to an admin', async () => {
    signedInApi('admin')
    renderAt('/')

    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Employees',
      'Reviews',
      'Cycles',
      'Reminders',
      'Templates',
      'Certifications',
      'Analytics',
      'Admin',
      'Backup',
    ])
    expect(screen.getAllByRole('button', { name: 'Review Assistant' }).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0)
  })

  it('shows a user only the base entries and denies admin screens', async () => {
    signedInApi('user')
    renderAt('/templates')

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Employees',
      'Reviews',
      'Reminders',
    ])
    expect(screen.queryByRole('button', { name: 'Review Assistant' })).not.toBeInTheDocument()
    expect(screen.getAllByText('User').length).toBeGreaterThan(0)
  })

  it('under need to know refuses a user the screens their rules leave out, and offers the directory', async () => {
    signedInApi('user', {
      'GET /api/auth/session': jsonResponse(200, sessionReply('user', { visibility: 'need_to_know', employeeId: 5 })),
      'GET /api/directory': jsonResponse(200, []),
      'GET /api/departments': jsonResponse(200, []),
    })
    const { unmount } = renderAt('/reminders')
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Dashboard',
      'My Reviews',
      'My Profile',
      'Directory',
      'Reviews',
    ])
    expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/employees/5')
    unmount()

    renderAt('/directory')
    expect(await screen.findByRole('heading', { level: 1, name: 'Directory' })).toBeInTheDocument()
    expect(await screen.findByText('Nobody matches this search')).toBeInTheDocument()
  })

  it('offers the Review Assistant to a manager (it opens its dialog) and hr, not to a user', async () => {
    signedInApi('manager')
    const { unmount } = renderAt('/')
    await screen.findByRole('navigation', { name: 'Main' })
    await userEvent.click(screen.getAllByRole('button', { name: 'Review Assistant' })[0]!)
    expect(await screen.findByRole('dialog', { name: 'Review Assistant' })).toBeInTheDocument()
    unmount()

    signedInApi('hr')
    const hr = renderAt('/')
    await screen.findByRole('navigation', { name: 'Main' })
    expect(screen.getAllByRole('button', { name: 'Review Assistant' }).length).toBeGreaterThan(0)
    hr.unmount()

    signedInApi('user')
    renderAt('/')
    await screen.findByRole('navigation', { name: 'Main' })
    expect(screen.queryByRole('button', { name: 'Review Assistant' })).not.toBeInTheDocument()
  })

  it('lets hr open /admin', async () => {
    signedInApi('hr')
    renderAt('/admin')
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).not.toHaveTextContent('Access denied')
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows the not-found screen for unknown routes', async () => {
    signedInApi('manager')
    renderAt('/nowhere/at-all')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
  })

  it('shows the not-found screen for unknown routes when signed out', async () => {
    mockApi({ 'GET /api/auth/session': signedOut() })
    renderAt('/nowhere/at-all')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('shows the organization banner', async () => {
    signedInApi('manager')
    renderAt('/')
    const banner = await screen.findByRole('region', { name: 'Organization' })
    expect(within(banner).getByText('Demo Inc')).toBeInTheDocument()
    expect(within(banner).getByText('Software')).toBeInTheDocument()
    expect(within(banner).getByText('11-50 organization')).toBeInTheDocument()
    expect(within(banner).getByText(`demo.${window.location.host}`)).toBeInTheDocument()
    expect(within(banner).getByText('Active')).toBeInTheDocument()
  })

  it('returns to the landing page when a call finds the session has expired', async () => {
    let expired = false
    signedInApi('admin', {
      'GET /api/auth/session': () => (expired ? signedOut() : jsonResponse(200, sessionFor('admin'))),
      'GET /api/dashboard/stats': () => {
        expired = true
        return jsonResponse(401, { message: 'Session expired' })
      },
    })
    renderAt('/')

    expect(await screen.findByRole('region', { name: /whole performance cycle/ })).toBeInTheDocument()
  })

  it('logs out even when the server call fails, clearing the browser session', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    sessionStorage.setItem('isAuthenticated', 'true')
    signedInApi('admin', { 'POST /api/auth/logout': jsonResponse(500, { message: 'oops' }) })
    renderAt('/')

    await userEvent.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!)

    expect(await screen.findByRole('region', { name: /whole performance cycle/ })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
    await waitFor(() => expect(sessionStorage.getItem('isAuthenticated')).toBeNull())
    expect(logged).toHaveBeenCalledWith('Logout request failed', expect.anything())
  })
})
