import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { ISSUER_SHAPE, SECRET_AGAIN, SECRET_REQUIRED } from '../lib/sso-form'
import { SsoSettingsCard } from './sso-settings-card'

const URIS = ['https://acme.merit.example/api/auth/sso/callback', 'https://merit.example/api/auth/sso/callback']
const NOT_SET_UP = { configured: false, clientSecretSet: false, enabled: false, unknownEmails: 'refuse', redirectUris: URIS }
const SAVED = {
  configured: true,
  displayName: 'Okta',
  issuer: 'https://acme.okta.com',
  clientId: 'merit-client',
  clientSecretSet: true,
  unknownEmails: 'refuse',
  enabled: true,
  updatedAt: '2026-05-01T10:00:00Z',
  redirectUris: URIS,
}

/** The settings as the server keeps them: `before` until a PUT, which answers `after`. */
function serverWith(before: object, after: object) {
  let now = before
  return {
    'GET /api/organization/sso': () => jsonResponse(200, now),
    'PUT /api/organization/sso': () => {
      now = after
      return jsonResponse(200, after)
    },
  }
}

/** The body of the settings' PUT. */
function saved(fetchMock: ReturnType<typeof mockApi>): Record<string, unknown> {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
  if (!put) throw new Error('No PUT /api/organization/sso')
  return JSON.parse(String(put[1]?.body)) as Record<string, unknown>
}

function renderCard() {
  return renderWithProviders(<SsoSettingsCard />)
}

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label)
  await userEvent.clear(field)
  if (value) await userEvent.type(field, value)
}

describe('Admin → Single sign-on', () => {
  it('sets up a provider: name, issuer, client, secret, unknown e-mails and switched on', async () => {
    const fetchMock = mockApi(serverWith(NOT_SET_UP, { ...SAVED, unknownEmails: 'create' }))
    renderCard()
    expect(await screen.findByText('Not set up')).toBeInTheDocument()
    for (const uri of URIS) expect(screen.getByText(uri)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument()

    await fill('Provider name', 'Okta')
    await fill('Issuer URL', 'https://acme.okta.com')
    await fill('Client ID', 'merit-client')
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }))
    expect(await screen.findByText(SECRET_REQUIRED)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1) // the settings' GET only

    await fill('Client secret', ' s3cret ')
    await userEvent.click(screen.getByRole('radio', { name: /Create an account/ }))
    expect(screen.getByRole('checkbox', { name: /Single sign-on switched on/ })).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }))
    await vi.waitFor(() =>
      expect(saved(fetchMock)).toEqual({
        displayName: 'Okta',
        issuer: 'https://acme.okta.com',
        clientId: 'merit-client',
        clientSecret: 's3cret',
        unknownEmails: 'create',
        enabled: true,
      }),
    )
    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument()
    expect(await screen.findByText('On')).toBeInTheDocument()
    // The secret is gone from the form once saved; the field says one is kept.
    expect(screen.getByLabelText('Client secret')).toHaveValue('')
    expect(screen.getByLabelText('Client secret')).toHaveAttribute('placeholder', 'Saved (leave empty to keep it)')
  })

  it('keeps the stored secret when the field stays empty, and switches off', async () => {
    const fetchMock = mockApi(serverWith(SAVED, { ...SAVED, enabled: false }))
    renderCard()
    expect(await screen.findByLabelText('Issuer URL')).toHaveValue('https://acme.okta.com')
    expect(screen.getByLabelText('Client secret')).toHaveValue('')
    await userEvent.click(screen.getByRole('checkbox', { name: /Single sign-on switched on/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }))
    const body = await vi.waitFor(() => saved(fetchMock))
    expect(body).not.toHaveProperty('clientSecret')
    expect(body.enabled).toBe(false)
    expect(await screen.findByText('Off')).toBeInTheDocument()
  })

  it('asks for the secret again when the issuer or client ID changes', async () => {
    const fetchMock = mockApi({ 'GET /api/organization/sso': jsonResponse(200, SAVED) })
    renderCard()
    await screen.findByLabelText('Issuer URL')
    await fill('Issuer URL', 'https://other.example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }))
    expect(await screen.findByText(SECRET_AGAIN)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('shows what the server refuses', async () => {
    mockApi({
      'GET /api/organization/sso': jsonResponse(200, SAVED),
      'PUT /api/organization/sso': jsonResponse(400, { message: 'The issuer URL must start with https://' }),
    })
    renderCard()
    await screen.findByLabelText('Issuer URL')
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }))
    expect(await screen.findByText('The issuer URL must start with https://')).toBeInTheDocument()
  })

  it('tests the connection to the issuer typed in, and says what it found', async () => {
    const fetchMock = mockApi({
      'GET /api/organization/sso': jsonResponse(200, NOT_SET_UP),
      'POST /api/organization/sso/test': (init) => {
        const { issuer } = JSON.parse(String(init.body)) as { issuer: string }
        return issuer === 'https://acme.okta.com'
          ? jsonResponse(200, { ok: true, message: 'Connected to https://acme.okta.com: 2 signing keys published.' })
          : jsonResponse(200, { ok: false, message: 'The discovery document could not be read: HTTP 404.' })
      },
    })
    renderCard()
    await screen.findByText('Not set up')
    await fill('Issuer URL', 'ftp://acme')
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText(ISSUER_SHAPE)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await fill('Issuer URL', 'https://acme.okta.com')
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    const status = screen.getByRole('status')
    expect(await within(status).findByText(/2 signing keys published/)).toBeInTheDocument()
    expect(within(status).getByText('Connection works.')).toBeInTheDocument()

    await fill('Issuer URL', 'https://wrong.example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await within(status).findByText(/HTTP 404/)).toBeInTheDocument()
    expect(within(status).getByText('Connection failed.')).toBeInTheDocument()
  })

  it('removes the set-up after asking', async () => {
    const fetchMock = mockApi({
      'GET /api/organization/sso': () => jsonResponse(200, removed ? NOT_SET_UP : SAVED),
      'DELETE /api/organization/sso': () => {
        removed = true
        return jsonResponse(200, { success: true })
      },
    })
    let removed = false
    renderCard()
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }))
    const ask = screen.getByRole('group', { name: 'Remove single sign-on?' })
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }))
    expect(await screen.findByText('Not set up')).toBeInTheDocument()
    expect(screen.getByLabelText('Issuer URL')).toHaveValue('')
  })
})
