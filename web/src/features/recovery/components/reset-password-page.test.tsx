import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { page } from '../lib/page'
import { ResetPasswordPage } from './reset-password-page'

function renderAt(url: string) {
  window.history.replaceState(null, '', url)
  return renderWithProviders(<ResetPasswordPage />)
}

const VALID = { valid: true, role: 'admin', organizationName: 'Acme Corp', message: 'Reset link is valid' }

describe('reset with token (the e-mailed link)', () => {
  it('prefills the token from the link and checks the password rules', async () => {
    const fetchMock = mockApi({})
    renderAt('/reset-password?token=tok-123')
    expect(screen.getByLabelText('Reset token')).toHaveValue('tok-123')

    const password = screen.getByLabelText('New password')
    const confirm = screen.getByLabelText('Confirm password')
    const submit = screen.getByRole('button', { name: 'Reset Password' })
    await userEvent.type(password, 'short1!')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Password must be at least 8 characters long')).not.toHaveLength(0)
    await userEvent.clear(password)
    await userEvent.type(password, 'NoSpecial123')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Password must contain at least one special character')).not.toHaveLength(0)
    await userEvent.clear(password)
    await userEvent.type(password, 'Good2026!pw')
    await userEvent.type(confirm, 'Other2026!pw')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Passwords do not match')).not.toHaveLength(0)
    await userEvent.clear(screen.getByLabelText('Reset token'))
    await userEvent.click(submit)
    expect(await screen.findAllByText('Reset token is required')).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('resets, or shows why not', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset-password/confirm': (init) =>
        JSON.parse(String(init.body)).token === 'good'
          ? jsonResponse(200, { success: true, message: 'done' })
          : jsonResponse(400, { message: 'This reset token is invalid or has expired. Please request a new one.' }),
    })
    renderAt('/reset-password?token=used')
    await userEvent.type(screen.getByLabelText('New password'), 'Good2026!pw')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Good2026!pw')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findAllByText('Reset Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('This reset token is invalid or has expired. Please request a new one.')).not.toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('Reset token'))
    await userEvent.type(screen.getByLabelText('Reset token'), 'good')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/auth/reset-password/confirm', 1)).toEqual({
      token: 'good',
      newPassword: 'Good2026!pw',
    })
  })
})

describe("the super admin's reset link (/reset-password?token=&role=)", () => {
  it('validates the link, then sets the new password and goes to sign in after 2 seconds', async () => {
    const goTo = vi.spyOn(page, 'goTo').mockImplementation(() => {})
    const fetchMock = mockApi({
      'POST /api/validate-reset-token': jsonResponse(200, VALID),
      'POST /api/reset-password': jsonResponse(200, { success: true, organizationSubdomain: 'acme' }),
    })
    renderAt('/reset-password?token=abc&role=admin')
    expect(await screen.findByText(/For the Administrator sign-in of/)).toHaveTextContent('Acme Corp')
    expect(sentBody(fetchMock, '/api/validate-reset-token')).toEqual({ token: 'abc', role: 'admin' })

    const submit = screen.getByRole('button', { name: 'Set New Password' })
    await userEvent.type(screen.getByLabelText('New password'), 'lowercase2026!')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Password must contain at least one uppercase letter')).not.toHaveLength(0)
    await userEvent.clear(screen.getByLabelText('New password'))
    await userEvent.type(screen.getByLabelText('New password'), `Aa1!${'x'.repeat(125)}`)
    await userEvent.click(submit)
    expect(await screen.findAllByText('Password must be at most 128 characters long')).not.toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('New password'))
    await userEvent.type(screen.getByLabelText('New password'), 'Strong2026!')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Strong2026!')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await userEvent.click(submit)
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/reset-password')).toEqual({
      token: 'abc',
      role: 'admin',
      newPassword: 'Strong2026!',
    })
    act(() => vi.advanceTimersByTime(1900))
    expect(goTo).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(200))
    expect(goTo).toHaveBeenCalledWith('/?org=acme')
  })

  it('shows the invalid-link screen for an expired or used link', async () => {
    mockApi({ 'POST /api/validate-reset-token': jsonResponse(200, { valid: false, message: 'expired' }) })
    renderAt('/reset-password?token=old&role=manager')
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument()
    expect(screen.getAllByText(/has expired \(links are valid for 2 hours\) or has already been used/).length).toBeGreaterThan(0)
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
  })

  it('says Invalid Token when the link has no token', async () => {
    const fetchMock = mockApi({})
    renderAt('/reset-password?role=admin')
    expect(await screen.findAllByText('Invalid Token')).not.toHaveLength(0)
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says when the link cannot be checked, and can try again', async () => {
    let calls = 0
    mockApi({
      'POST /api/validate-reset-token': () => (++calls === 1 ? jsonResponse(500, {}) : jsonResponse(200, VALID)),
    })
    renderAt('/reset-password?token=abc&role=admin')
    expect(await screen.findAllByText('Unable to validate reset token. Please try again.')).not.toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByLabelText('New password')).toBeInTheDocument())
  })

  it('shows Reset Failed when the link was used meanwhile', async () => {
    mockApi({
      'POST /api/validate-reset-token': jsonResponse(200, VALID),
      'POST /api/reset-password': jsonResponse(400, { message: 'This reset link has expired or has already been used.' }),
    })
    renderAt('/reset-password?token=abc&role=admin')
    await userEvent.type(await screen.findByLabelText('New password'), 'Strong2026!')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Strong2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }))
    expect(await screen.findAllByText('Reset Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('This reset link has expired or has already been used.')).not.toHaveLength(0)
  })
})
