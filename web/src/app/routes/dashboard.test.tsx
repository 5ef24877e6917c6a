import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import DashboardPage from './dashboard'

function renderPage(ui: ReactElement, as: Role) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
    { as },
  )
}

const stats = { totalEmployees: 3, reviewsDue: 1, completedReviews: 2, averageRating: 4 }
const upcoming = {
  id: 5,
  dueDate: '2030-03-05',
  reviewType: 'quarterly',
  employee: { firstName: 'Ada', lastName: 'Lovelace', department: 'engineering' },
}
const review = {
  id: 5,
  employeeId: 1,
  templateId: 1,
  reviewType: 'quarterly',
  status: 'pending',
  responses: {},
  dueDate: '2030-03-05',
  employee: { id: 1, firstName: 'Ada', lastName: 'Lovelace' },
  template: {
    id: 1,
    name: 'Standard Performance Review',
    questions: [{ id: 'q1', question: 'Overall job performance', type: 'rating', required: true, scale: 5 }],
  },
}

function api() {
  return mockApi({
    'GET /api/dashboard/stats': jsonResponse(200, stats),
    'GET /api/reviews/upcoming': jsonResponse(200, [upcoming]),
    'GET /api/dashboard/activity': jsonResponse(200, []),
    'GET /api/reviews/5': jsonResponse(200, review),
  })
}

describe('DashboardPage', () => {
  it('Enter in the employee search opens the Employees screen searching for it', async () => {
    api()
    const user = userEvent.setup()
    renderPage(<DashboardPage />, 'manager')
    const box = screen.getByRole('searchbox', { name: 'Search employees' })
    await user.type(box, '   {Enter}')
    expect(window.location.pathname).toBe('/')
    await user.clear(box)
    await user.type(box, ' Ada & Co {Enter}')
    expect(window.location.pathname).toBe('/employees')
    expect(new URLSearchParams(window.location.search).get('q')).toBe('Ada & Co')
    window.history.replaceState(null, '', '/')
  })

  it('Start Review opens the review wizard', async () => {
    api()
    const user = userEvent.setup()
    renderPage(<DashboardPage />, 'manager')
    await user.click(await screen.findByRole('button', { name: 'Start Review' }))
    const wizard = await screen.findByRole('dialog')
    expect(await within(wizard).findByText('Question 1 of 1')).toBeInTheDocument()
    expect(within(wizard).getByText('Overall job performance')).toBeInTheDocument()
  })

  it('shows Quick Actions and Add Employee to admin and hr (the table lets both write), not to a manager', async () => {
    api()
    const { unmount } = renderPage(<DashboardPage />, 'manager')
    expect(await screen.findByText('No recent activity')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Employee' })).not.toBeInTheDocument()
    unmount()

    for (const role of ['admin', 'hr'] as const) {
      const page = renderPage(<DashboardPage />, role)
      expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument()
      expect(screen.getAllByRole('button', { name: 'Add Employee' }).length).toBeGreaterThan(0)
      page.unmount()
    }
  })

  it('Create Template opens the template dialog', async () => {
    api()
    const user = userEvent.setup()
    renderPage(<DashboardPage />, 'admin')
    await user.click(await screen.findByRole('button', { name: 'Create Template' }))
    expect(await screen.findByRole('heading', { name: 'Create Review Template' })).toBeInTheDocument()
  })
})
