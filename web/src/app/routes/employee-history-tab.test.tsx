import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import EmployeeProfileRoute from './employee-profile'

const employee = {
  id: 12,
  organizationId: 1,
  employeeId: 'EMP012',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  department: null,
  position: 'Principal Engineer',
  startDate: '2020-03-02',
  managerId: null,
  reviewSchedule: 'quarterly',
  nextReviewDate: null,
  profilePhotoUrl: null,
  isArchived: false,
}

const archived = {
  id: 9,
  at: '2026-03-04T14:05:00Z',
  actorUserId: 'u-hanna',
  actorName: 'Hanna Rask',
  actorRole: 'hr',
  action: 'archive',
  resource: 'employee',
  recordId: '12',
  employeeId: 12,
  summary: 'Archived employee Grace Hopper (EMP012)',
  changes: { is_archived: [false, true] },
  ip: '10.0.0.7',
  requestId: 'req-9',
}

function api() {
  return mockApi({
    'GET /api/employees/12': jsonResponse(200, employee),
    'GET /api/employees': jsonResponse(200, []),
    'GET /api/departments': jsonResponse(200, []),
    'GET /api/reviews': jsonResponse(200, []),
    'GET /api/employee-certifications': jsonResponse(200, []),
    'GET /api/employee-notes': jsonResponse(200, []),
    'GET /api/employees/12/documents': jsonResponse(200, []),
    'GET /api/employees/12/history': () =>
      new Response(JSON.stringify([archived]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
      }),
  })
}

function renderProfile(as: Role) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <EmployeeProfileRoute id="12" />
    </AssistantContext.Provider>,
    { as },
  )
}

const asked = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.some(([input]) => new URL(String(input), window.location.origin).pathname === path)

describe('The History tab of the employee profile', () => {
  it.each<Role>(['admin', 'hr'])('shows %s what happened to the employee, on demand', async (role) => {
    const fetchMock = api()
    renderProfile(role)
    await screen.findByRole('heading', { name: 'Grace Hopper' })
    // The profile's sections come first; the history is asked for only when opened.
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true')
    expect(asked(fetchMock, '/api/employees/12/history')).toBe(false)
    await userEvent.click(screen.getByRole('tab', { name: 'History' }))
    const table = await screen.findByRole('table', { name: 'Employee history' })
    const [row] = within(table).getAllByRole('row').slice(1)
    expect(within(row!).getByText('Hanna Rask')).toBeInTheDocument()
    expect(within(row!).getByText('Archived')).toBeInTheDocument()
    expect(within(row!).getByRole('list', { name: 'Changes' })).toHaveTextContent('Archived: No → Yes')
    // Already on the profile: no link back to it.
    expect(within(row!).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 1–1 of 1 events')).toBeInTheDocument()
  })

  it.each<Role>(['manager', 'user'])('is not there for a %s, who sees the profile as before', async (role) => {
    const fetchMock = api()
    renderProfile(role)
    await screen.findByRole('heading', { name: 'Grace Hopper' })
    await waitFor(() => expect(asked(fetchMock, '/api/employee-notes')).toBe(true))
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    expect(asked(fetchMock, '/api/employees/12/history')).toBe(false)
  })
})
