import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { SESSION_QUERY_KEY } from '../api/get-session'
import { ForcePasswordChangeDialog } from './force-password-change-dialog'

async function submit(newPassword: string, confirmPassword = newPassword) {
  if (newPassword) await userEvent.type(screen.getByLabelText('New password'), newPassword)
  if (confirmPassword) await userEvent.type(screen.getByLabelText('Confirm password'), confirmPassword)
  await userEvent.click(screen.getByRole('button', { name: 'Update password' }))
}

describe('ForcePasswordChangeDialog', () => {
  it.each([
    ['short1', 'Password must be at least 8 characters long'],
    ['abcdefghij', 'Password must contain at least one number'],
    ['1234567890', 'Password must contain at least one letter'],
  ])('rejects %s', async (password, message) => {
    const fetchMock = mockApi({})
    renderWithProviders(<ForcePasswordChangeDialog />)

    await submit(password)

    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('requires the confirmation to match', async () => {
    const fetchMock = mockApi({})
    renderWithProviders(<ForcePasswordChangeDialog />)

    await submit('Welcome2026x', 'Welcome2026y')

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('cannot be dismissed: no close button, Escape and outside clicks do nothing', async () => {
    mockApi({})
    renderWithProviders(<ForcePasswordChangeDialog />)
    const dialog = screen.getByRole('dialog', { name: 'Change your password' })

    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    // Radix makes the page behind a modal inert, so the outside press is dispatched directly.
    fireEvent.pointerDown(document.body)

    expect(dialog).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeVisible()
  })

  it('sends only the new password and reads the session again', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/change-password': jsonResponse(200, { success: true, message: 'Password changed' }),
    })
    const { queryClient } = renderWithProviders(<ForcePasswordChangeDialog />)
    queryClient.setQueryData([SESSION_QUERY_KEY], { userRole: 'admin', forcePasswordChange: true })

    await submit('Welcome2026x')

    await waitFor(() =>
      expect(sentBody(fetchMock, '/api/auth/change-password')).toEqual({ newPassword: 'Welcome2026x' }),
    )
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(queryClient.getQueryState([SESSION_QUERY_KEY])?.isInvalidated).toBe(true)
  })

  it("shows the server's message when the change is refused", async () => {
    mockApi({
      'POST /api/auth/change-password': jsonResponse(400, { message: 'The new password must differ from the old one' }),
    })
    renderWithProviders(<ForcePasswordChangeDialog />)

    await submit('Welcome2026x')

    expect(await screen.findByText('The new password must differ from the old one')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument()
  })
})
