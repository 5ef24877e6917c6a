import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import type { Viewer } from '@/lib/access'
import type { Role } from '@/lib/roles'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import DashboardPage from './dashboard'

function renderPage(ui: ReactElement, as: Role | Viewer) {
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

  it('words the greeting and the search by whose records the reader reaches', async () => {
    api()
    const user = renderPage(<DashboardPage />, viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }))
    expect(await screen.findByText("Welcome back! Here's where your reviews stand.")).toBeInTheDocument()
    expect(screen.queryByText(/your team/)).not.toBeInTheDocument()
    // The search opens the Employees list, which a reader of their own record alone does not have.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    // Their own reviews show once completed, so a list of open ones would always be empty.
    expect(await screen.findByRole('heading', { name: 'Next Review' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Upcoming Reviews' })).not.toBeInTheDocument()
    expect(screen.queryByText(/open reviews/i)).not.toBeInTheDocument()
    user.unmount()

    const manager = renderPage(<DashboardPage />, viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 }))
    expect(await screen.findByText("Welcome back! Here's what's happening with your team.")).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search employees' })).toBeInTheDocument()
    expect(await screen.findByText('Open reviews for your team, by due date')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Team Members' })).toBeInTheDocument()
    manager.unmount()

    renderPage(<DashboardPage />, 'admin')
    expect(await screen.findByText("Welcome back! Here's what's happening across the organization.")).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search employees' })).toBeInTheDocument()
    expect(await screen.findByText('Open reviews across the organization, by due date')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Total Employees' })).toBeInTheDocument()
  })

  it("shows a person the 'My Reviews' card with their counts, and a shared sign-in none", async () => {
    mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, stats),
      'GET /api/reviews/upcoming': jsonResponse(200, []),
      'GET /api/dashboard/activity': jsonResponse(200, []),
      'GET /api/my/work': jsonResponse(200, { selfReviews: [], feedbackRequests: [], reviewsToWrite: [], reviewsToAcknowledge: [] }),
    })
    const person = renderPage(<DashboardPage />, viewerFor('manager', { employeeId: 4 }))
    expect(await screen.findByText('Nothing to do right now.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open my reviews' })).toHaveAttribute('href', '/my-reviews')
    person.unmount()

    renderPage(<DashboardPage />, 'manager')
    await screen.findByRole('heading', { name: 'Recent Activity' })
    expect(screen.queryByRole('link', { name: 'Open my reviews' })).not.toBeInTheDocument()
  })

  it('offers a person who fills only the reviews they are named on to view the upcoming ones, not to start them', async () => {
    mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, stats),
      'GET /api/reviews/upcoming': jsonResponse(200, [upcoming]),
      'GET /api/dashboard/activity': jsonResponse(200, []),
      'GET /api/my/work': jsonResponse(200, { selfReviews: [], feedbackRequests: [], reviewsToWrite: [], reviewsToAcknowledge: [] }),
    })
    renderPage(<DashboardPage />, viewerFor('user', { employeeId: 9 }))
    expect(await screen.findByRole('button', { name: /View/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Start Review/ })).not.toBeInTheDocument()
  })

  it('greets an account linked to nobody with the Directory', () => {
    api()
    renderPage(<DashboardPage />, viewerFor('user', { visibility: 'need_to_know' }))
    expect(screen.getByText('Welcome back! Everyone in the organization is in the Directory.')).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    // No record in reach: no figures (each would be a zero) and no reviews to list.
    expect(screen.queryByRole('region', { name: 'Statistics' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Upcoming Reviews' })).not.toBeInTheDocument()
  })
})
