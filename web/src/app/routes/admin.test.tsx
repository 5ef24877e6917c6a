import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import AdminRoute from './admin'

const ORG = {
  id: 7,
  name: 'Acme Corp',
  subdomain: 'acme',
  logoUrl: null,
  isActive: true,
  visibility: 'open',
  sharedAdminSignIn: true,
  sharedManagerSignIn: true,
  auditRetentionDays: 365,
  ssoConfigured: true,
}
const SSO = {
  configured: true,
  displayName: 'Okta',
  issuer: 'https://acme.okta.com',
  clientId: 'merit-client',
  clientSecretSet: true,
  unknownEmails: 'refuse',
  enabled: true,
  updatedAt: '2026-05-01T10:00:00Z',
  redirectUris: ['https://acme.merit.example/api/auth/sso/callback'],
}

describe('/admin', () => {
  it('names each card’s save button apart, so "Save" is the organisation settings’ alone', async () => {
    mockApi({
      'GET /api/organization/current': jsonResponse(200, ORG),
      'GET /api/organization/sso': jsonResponse(200, SSO),
      'GET /api/departments': jsonResponse(200, []),
      'GET /api/users': jsonResponse(200, []),
    })
    renderWithProviders(
      <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
        <AdminRoute />
      </AssistantContext.Provider>,
      { as: 'admin' },
    )
    expect(await screen.findByRole('button', { name: 'Save single sign-on' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Save audit retention' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1)
  })
})
