import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { App } from './app'

const acme = { id: 7, name: 'Acme Ltd', subdomain: 'acme', industry: null, size: null, logoUrl: null }
const signedOut = jsonResponse(401, { message: 'Not authenticated' })

beforeEach(() => window.history.replaceState(null, '', '/'))

describe('single sign-on on the sign-in screen', () => {
  it("offers 'Sign in with {provider}' beside the roles when the organization has it on", async () => {
    mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/org-login': jsonResponse(200, {
        success: true,
        organization: { ...acme, ssoProvider: 'Acme Login' },
        message: 'ok',
      }),
    })
    window.history.replaceState(null, '', '/?org=acme')
    renderWithProviders(<App />)
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in with Acme Login' })).toHaveAttribute('href', '/api/auth/sso/login')
  })

  it('offers nothing of the kind when the organization has none', async () => {
    mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: { ...acme, ssoProvider: null }, message: 'ok' }),
    })
    window.history.replaceState(null, '', '/?org=acme')
    renderWithProviders(<App />)
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument()
  })

  it('comes back from a failed single sign-on to the role screen with the reason', async () => {
    mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/org-login': jsonResponse(200, {
        success: true,
        organization: { ...acme, ssoProvider: 'Acme Login' },
        message: 'ok',
      }),
    })
    window.history.replaceState(null, '', '/?org=acme&ssoError=Your%20e-mail%20address%20is%20not%20verified.')
    renderWithProviders(<App />)
    // Straight to the role screen (no Continue), where the person can try again.
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed. Your e-mail address is not verified.')
    expect(screen.getByRole('link', { name: 'Sign in with Acme Login' })).toBeInTheDocument()
    expect(window.location.search).toBe('?org=acme')
  })
})
