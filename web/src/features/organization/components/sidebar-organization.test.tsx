import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { CURRENT_ORGANIZATION_KEY } from '../api/get-current-organization'
import { OrganizationBanner } from './organization-banner'
import { SidebarOrganization } from './sidebar-organization'

const ORG = { id: 7, name: 'Acme Corp', subdomain: 'acme', logoUrl: '/api/logos/7/abc', isActive: true }

describe('SidebarOrganization', () => {
  it("shows the organization's logo and name", async () => {
    mockApi({ 'GET /api/organization/current': jsonResponse(200, ORG) })
    const { container } = renderWithProviders(<SidebarOrganization />)
    const group = await screen.findByRole('group', { name: 'Current organization' })
    expect(within(group).getByText('Acme Corp')).toBeInTheDocument()
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/logos/7/abc')
  })

  it('shows a generic icon without a logo', async () => {
    mockApi({ 'GET /api/organization/current': jsonResponse(200, { ...ORG, logoUrl: null }) })
    const { container } = renderWithProviders(<SidebarOrganization />)
    await screen.findByText('Acme Corp')
    expect(container.querySelector('img')).toBeNull()
  })

  it('follows a rename and a new logo together with the banner', async () => {
    mockApi({ 'GET /api/organization/current': jsonResponse(200, ORG) })
    const { queryClient } = renderWithProviders(
      <>
        <SidebarOrganization />
        <OrganizationBanner />
      </>,
    )
    await screen.findAllByText('Acme Corp')
    // What the Organization Settings card does after a successful PUT.
    queryClient.setQueryData([CURRENT_ORGANIZATION_KEY], { ...ORG, name: 'Acme Holdings', logoUrl: '/api/logos/7/new' })
    await waitFor(() => expect(screen.getAllByText('Acme Holdings')).toHaveLength(2))
    const group = screen.getByRole('group', { name: 'Current organization' })
    expect(group.querySelector('img')).toHaveAttribute('src', '/api/logos/7/new')
    expect(within(screen.getByRole('region', { name: 'Organization' })).getByRole('img', { name: 'Acme Holdings logo' })).toHaveAttribute(
      'src',
      '/api/logos/7/new',
    )
  })
})
