import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import type { LoginOrganization } from '../api/org-login'
import { RoleLoginForm } from './role-login-form'

const acme: LoginOrganization = {
  id: 7,
  name: 'Acme Corp',
  subdomain: 'acme',
  industry: null,
  size: null,
  logoUrl: null,
  sharedAdminSignIn: true,
  sharedManagerSignIn: true,
}

function renderForm(organization: LoginOrganization = acme) {
  const onBack = vi.fn()
  const onSignedIn = vi.fn()
  renderWithProviders(<RoleLoginForm organization={organization} onBack={onBack} onSignedIn={onSignedIn} />)
  return { onBack, onSignedIn }
}

describe('RoleLoginForm', () => {
  it('asks for a role and a password before calling the server', async () => {
    const fetchMock = mockApi({})
    renderForm()

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please select a role and enter your password')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('radio', { name: /Administrator/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please select a role and enter your password')).toBeInTheDocument()

    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('offers only Administrator and Manager', () => {
    mockApi({})
    renderForm()
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['admin', 'manager'])
  })

  it('offers only the shared sign-ins the organisation keeps on, a single one chosen already', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/role-login': jsonResponse(200, { success: true, forcePasswordChange: false }) })
    renderForm({ ...acme, sharedManagerSignIn: false })
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['admin'])
    expect(screen.getByRole('radio', { name: /Administrator/ })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Sign in with your account' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Password'), 'Secret2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/auth/role-login')).toEqual({ role: 'admin', password: 'Secret2026!' }))
  })

  it('opens the own account form straight away when no shared sign-in is on', async () => {
    mockApi({})
    const { onBack } = renderForm({ ...acme, sharedAdminSignIn: false, sharedManagerSignIn: false })
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sign in with your account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalled()
  })

  it('shows the default password pattern with the real organization code', async () => {
    mockApi({})
    renderForm()
    const hint = screen.getByText(/First time\? Your default password is the role followed by your organization code/)
    expect(hint).toHaveTextContent('e.g. adminacme')

    await userEvent.click(screen.getByRole('radio', { name: /Manager/ }))
    expect(hint).toHaveTextContent('e.g. manageracme')
  })

  it('says Invalid credentials on 401 and keeps nothing', async () => {
    mockApi({ 'POST /api/auth/role-login': jsonResponse(401, { message: 'Invalid credentials' }) })
    const { onSignedIn } = renderForm()

    await userEvent.click(screen.getByRole('radio', { name: /Administrator/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument()
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
  })

  it("shows the server's message when rate limited", async () => {
    mockApi({
      'POST /api/auth/role-login': jsonResponse(429, { message: 'Too many attempts. Try again in 15 minutes.' }),
    })
    renderForm()

    await userEvent.click(screen.getByRole('radio', { name: /Manager/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'guess')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument()
  })

  it('sends the role and password, stores the client session and signs in', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/role-login': jsonResponse(200, { success: true, forcePasswordChange: true }),
    })
    const { onSignedIn } = renderForm()

    await userEvent.click(screen.getByRole('radio', { name: /Administrator/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'adminacme')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(sentBody(fetchMock, '/api/auth/role-login')).toEqual({ role: 'admin', password: 'adminacme' })
    expect(JSON.parse(sessionStorage.getItem('currentOrganization') ?? 'null')).toEqual(acme)
    expect(sessionStorage.getItem('userRole')).toBe('admin')
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
  })

  it("puts 'Forgot password?' after the password field in the tab order", async () => {
    mockApi({})
    renderForm()
    screen.getByLabelText('Password').focus()
    await userEvent.tab() // the show-password toggle inside the field
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus()
  })

  it('goes back to the organization step and links to forgot password', async () => {
    mockApi({})
    const { onBack } = renderForm()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?org=acme')
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalled()
  })
})
