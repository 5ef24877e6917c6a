import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { OrgCodeForm } from './org-code-form'

const acme = { id: 7, name: 'Acme Corp', subdomain: 'acme', industry: 'Retail', size: '50-200', logoUrl: null }

function renderForm(defaultCode?: string) {
  const onFound = vi.fn()
  const onHome = vi.fn()
  renderWithProviders(<OrgCodeForm defaultCode={defaultCode} onFound={onFound} onHome={onHome} />)
  return { onFound, onHome }
}

describe('OrgCodeForm', () => {
  it('requires a code and sends nothing without one', async () => {
    const fetchMock = mockApi({})
    renderForm()

    await userEvent.type(screen.getByLabelText('Organization code'), '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('Please enter your organization code')).toBeInTheDocument()
    expect(screen.getByLabelText('Organization code')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the code trimmed and lowercased, then hands over the organization', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: acme, message: 'ok' }),
    })
    const { onFound } = renderForm()

    await userEvent.type(screen.getByLabelText('Organization code'), '  ACME ')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    await waitFor(() => expect(onFound).toHaveBeenCalledWith(acme))
    expect(sentBody(fetchMock, '/api/auth/org-login')).toEqual({ subdomain: 'acme' })
  })

  it('prefills the code', () => {
    mockApi({})
    renderForm('acme')
    expect(screen.getByLabelText('Organization code')).toHaveValue('acme')
  })

  it('explains an unknown organization', async () => {
    mockApi({ 'POST /api/auth/org-login': jsonResponse(404, { message: 'Not here' }) })
    const { onFound } = renderForm()

    await userEvent.type(screen.getByLabelText('Organization code'), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(
      await screen.findByText('Organization not found. Please check your organization code.'),
    ).toBeInTheDocument()
    expect(onFound).not.toHaveBeenCalled()
  })

  it("shows the server's message for other failures", async () => {
    mockApi({
      'POST /api/auth/org-login': jsonResponse(403, { message: 'This organization has been deactivated.' }),
    })
    renderForm()

    await userEvent.type(screen.getByLabelText('Organization code'), 'old')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('This organization has been deactivated.')).toBeInTheDocument()
  })

  it('gives up after 15 seconds with Connection Timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({
      'POST /api/auth/org-login': (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    })
    renderForm()

    await user.type(screen.getByLabelText('Organization code'), 'slow')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled()

    await act(() => vi.advanceTimersByTimeAsync(15_000))

    expect(await screen.findByText('Connection Timeout')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled()
  })

  it('goes back Home from the breadcrumb', async () => {
    mockApi({})
    const { onHome } = renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Home' }))
    expect(onHome).toHaveBeenCalled()
  })
})
