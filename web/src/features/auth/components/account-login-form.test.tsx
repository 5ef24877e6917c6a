import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { RoleLoginForm } from './role-login-form'

const acme = {
  id: 7,
  name: 'Acme Corp',
  subdomain: 'acme',
  industry: null,
  size: null,
  logoUrl: null,
  sharedAdminSignIn: true,
  sharedManagerSignIn: true,
}

function renderForm() {
  const onSignedIn = vi.fn()
  renderWithProviders(<RoleLoginForm organization={acme} onBack={vi.fn()} onSignedIn={onSignedIn} />)
  return { onSignedIn }
}

describe("'Sign in with your account' on the role login screen", () => {
  it('signs in with e-mail and password and keeps the account role', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/user-login': jsonResponse(200, { success: true, forcePasswordChange: false, userRole: 'hr' }),
    })
    const { onSignedIn } = renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with your account' }))
    expect(screen.getByRole('heading', { name: 'Sign in with your account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?org=acme')

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findAllByText('Please enter your email and password')).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()

    await userEvent.type(screen.getByLabelText('Email'), 'grace@acme.test')
    await userEvent.type(screen.getByLabelText('Password'), 'Secret2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(sentBody(fetchMock, '/api/auth/user-login')).toEqual({ email: 'grace@acme.test', password: 'Secret2026!' })
    expect(sessionStorage.getItem('userRole')).toBe('hr')
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
  })

  it("puts 'Forgot password?' after the password field in the tab order", async () => {
    mockApi({})
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with your account' }))
    screen.getByLabelText('Password').focus()
    await userEvent.tab() // the show-password toggle inside the field
    await userEvent.tab()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus()
  })

  it('says Invalid credentials on 401 and goes back to the roles', async () => {
    mockApi({ 'POST /api/auth/user-login': jsonResponse(401, { message: 'Invalid credentials' }) })
    const { onSignedIn } = renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with your account' }))
    await userEvent.type(screen.getByLabelText('Email'), 'grace@acme.test')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findAllByText('Invalid credentials')).not.toHaveLength(0)
    expect(onSignedIn).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['admin', 'manager'])
  })
})
