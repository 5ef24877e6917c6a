/**
 * @vitest-environment-options { "url": "http://acme.localhost:8000/" }
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signInAt } from '@/lib/site'
import { sessionReply } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { App } from './app'

// The real one leaves the page, which jsdom cannot do.
vi.mock('@/lib/site', async (original) => ({ ...(await original<typeof import('@/lib/site')>()), signInAt: vi.fn() }))

const acme = { id: 7, name: 'Acme Ltd', subdomain: 'acme', industry: 'Retail', size: '51-200', logoUrl: null }
const globex = { id: 8, name: 'Globex', subdomain: 'globex', industry: null, size: null, logoUrl: null }

beforeEach(() => {
  // As the server serves the page: organisations live at {code}.localhost.
  const meta = document.createElement('meta')
  meta.name = 'merit-base-domain'
  meta.content = 'localhost'
  document.head.querySelector('meta[name="merit-base-domain"]')?.remove()
  document.head.append(meta)
  window.history.replaceState(null, '', '/')
})

describe("on an organisation's own address", () => {
  it('opens its role screen, not the marketing page, and shows addresses without the code twice', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': jsonResponse(401, { message: 'Not authenticated' }),
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: acme, message: 'ok' }),
    })
    renderWithProviders(<App />)

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByText('Acme Ltd')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /whole performance cycle/ })).not.toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/auth/org-login')).toEqual({ subdomain: 'acme' })

    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByLabelText('Organization code')).toHaveValue('acme')
    expect(screen.getByText(/such as/).textContent).toContain('acme in acme.localhost:8000.')
  })

  it('lands on the screen asked for once signed in', async () => {
    let signedIn = false
    mockApi({
      'GET /api/auth/session': () =>
        signedIn
          ? jsonResponse(200, {
              ...sessionReply('manager'),
              organizationId: 7,
              organizationName: 'Acme Ltd',
              organizationSubdomain: 'acme',
              forcePasswordChange: false,
            })
          : jsonResponse(401, { message: 'Not authenticated' }),
      'POST /api/auth/org-login': jsonResponse(200, { success: true, organization: acme, message: 'ok' }),
      'POST /api/auth/role-login': () => {
        signedIn = true
        return jsonResponse(200, { success: true, forcePasswordChange: false })
      },
    })
    window.history.replaceState(null, '', '/reminders?view=upcoming')
    renderWithProviders(<App />)

    await userEvent.click(await screen.findByRole('radio', { name: /Manager/ }))
    await userEvent.type(screen.getByLabelText('Password'), 'manageracme')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument()
    expect(`${window.location.pathname}${window.location.search}`).toBe('/reminders?view=upcoming')
  })

  it('shows the code form with the reason when its own code finds nothing', async () => {
    mockApi({
      'GET /api/auth/session': jsonResponse(401, { message: 'Not authenticated' }),
      'POST /api/auth/org-login': jsonResponse(404, { message: 'Organization not found' }),
    })
    renderWithProviders(<App />)

    expect(await screen.findByLabelText('Organization code')).toHaveValue('acme')
    expect(await screen.findByText(/Organization not found/)).toBeInTheDocument()
  })

  it("sends another organisation's code to that organisation's own address", async () => {
    mockApi({
      'GET /api/auth/session': jsonResponse(401, { message: 'Not authenticated' }),
      'POST /api/auth/org-login': (init) =>
        jsonResponse(200, {
          success: true,
          organization: JSON.parse(String(init.body)).subdomain === 'globex' ? globex : acme,
          message: 'ok',
        }),
    })
    renderWithProviders(<App />)

    await userEvent.click(await screen.findByRole('button', { name: 'Back' }))
    const code = await screen.findByLabelText('Organization code')
    await userEvent.clear(code)
    await userEvent.type(code, 'globex{Enter}')

    await vi.waitFor(() => expect(signInAt).toHaveBeenCalledWith('globex'))
    // Its role screen is not shown here, where the password would be checked against Acme.
    expect(screen.queryByText('Globex')).not.toBeInTheDocument()
  })

  it('shows the organisation banner with the address once', async () => {
    mockApi({
      'GET /api/auth/session': jsonResponse(200, {
        ...sessionReply('manager'),
        organizationId: 7,
        organizationName: 'Acme Ltd',
        organizationSubdomain: 'acme',
        forcePasswordChange: false,
      }),
      'GET /api/organization/current': jsonResponse(200, { ...acme, description: null, isActive: true }),
      'GET /api/dashboard/stats': jsonResponse(200, { totalEmployees: 1, reviewsDue: 0, completedReviews: 0, averageRating: 0 }),
      'GET /api/reviews/upcoming': jsonResponse(200, []),
    })
    renderWithProviders(<App />)

    const banner = await screen.findByRole('region', { name: 'Organization' })
    expect(await within(banner).findByText('acme.localhost:8000')).toBeInTheDocument()
  })
})
