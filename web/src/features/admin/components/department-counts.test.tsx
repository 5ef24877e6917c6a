import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { DepartmentManagementCard } from './department-management-card'

describe('Department Management counts', () => {
  it('counts active employees, as Analytics does, and says how many archived ones still belong', async () => {
    mockApi({
      'GET /api/departments': jsonResponse(200, [
        { id: 1, name: 'Engineering', slug: 'engineering', description: null, isDefault: true, employeeCount: 3, archivedCount: 1 },
        { id: 2, name: 'Sales', slug: 'sales', description: null, isDefault: true, employeeCount: 1, archivedCount: 0 },
      ]),
    })
    renderWithProviders(<DepartmentManagementCard organizationId={7} />)
    expect(await screen.findByText('3 active · 1 archived')).toBeInTheDocument()
    expect(screen.getByText(/^1 active$/)).toBeInTheDocument()
  })
})
