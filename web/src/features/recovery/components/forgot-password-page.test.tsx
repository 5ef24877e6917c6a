import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { ForgotPasswordPage } from './forgot-password-page'

const SENT = { success: true, message: 'If an account exists for that email address, we have sent a link.' }

function renderAt(url: string) {
  window.history.replaceState(null, '', url)
  return renderWithProviders(<ForgotPasswordPage />)
}

describe('ForgotPasswordPage', () => {
  it('asks for a valid e-mail address before calling the server', async () => {
    const fetchMock = mockApi({})
    renderAt('/forgot-password?org=acme')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findAllByText('Please enter a valid email address')).not.toHaveLength(0)
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findAllByText('Please enter a valid email address')).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the address with the organization, then confirms with Send Another Link and Back to Login', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/reset-password/request': jsonResponse(200, SENT) })
    renderAt('/forgot-password?org=acme')
    expect(screen.queryByLabelText('Organization code')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email address'), ' Ada@Example.com ')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/auth/reset-password/request')).toEqual({
      email: 'Ada@Example.com',
      subdomain: 'acme',
    })
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/?org=acme')

    await userEvent.click(screen.getByRole('button', { name: 'Send Another Link' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(sentBody(fetchMock, '/api/auth/reset-password/request', 1)).toEqual({
      email: 'Ada@Example.com',
      subdomain: 'acme',
    })
  })

  it('asks for the organization code when it does not know the organization', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/reset-password/request': jsonResponse(200, SENT) })
    renderAt('/forgot-password')
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findAllByText('Please enter your organization code')).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()

    await userEvent.type(screen.getByLabelText('Organization code'), ' ACME ')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    await screen.findByRole('heading', { name: 'Check your email' })
    expect(sentBody(fetchMock, '/api/auth/reset-password/request')).toEqual({
      email: 'ada@example.com',
      subdomain: 'acme',
    })
  })

  it('says when the organization code is unknown, by the field', async () => {
    mockApi({
      'POST /api/auth/reset-password/request': jsonResponse(404, {
        message: 'Organization not found. Please check your organization code.',
      }),
    })
    renderAt('/forgot-password')
    await userEvent.type(screen.getByLabelText('Organization code'), 'nope')
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    const messages = await screen.findAllByText('Organization not found. Please check your organization code.')
    expect(messages.some((el) => el.id === 'forgot-org-error')).toBe(true)
    expect(screen.getByLabelText('Organization code')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument()
  })

  it('says so when the link cannot be sent', async () => {
    mockApi({ 'POST /api/auth/reset-password/request': jsonResponse(500, { message: 'boom' }) })
    renderAt('/forgot-password?org=acme')
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findAllByText('Failed to send reset link. Please try again.')).not.toHaveLength(0)
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument()
  })
})
