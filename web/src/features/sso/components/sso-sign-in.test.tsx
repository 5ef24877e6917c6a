import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SsoErrorAlert, SsoSignIn } from './sso-sign-in'

describe("'Sign in with {provider}'", () => {
  it('is offered only when the organization has single sign-on switched on', () => {
    const { rerender } = render(<SsoSignIn provider={null} />)
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    rerender(<SsoSignIn provider="Acme Login" />)
    expect(screen.getByRole('link', { name: 'Sign in with Acme Login' })).toHaveAttribute('href', '/api/auth/sso/login')
  })
})

describe('A single sign-on that failed', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('shows the message the server sent back, once', () => {
    window.history.replaceState(null, '', '/?org=acme&ssoError=No%20Merit%20account%20uses%20kim%40acme.test.')
    const { unmount } = render(<SsoErrorAlert />)
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed. No Merit account uses kim@acme.test.')
    // Taken out of the address (the organization stays), so a reload does not show it again.
    expect(window.location.search).toBe('?org=acme')
    unmount()
    render(<SsoErrorAlert />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
