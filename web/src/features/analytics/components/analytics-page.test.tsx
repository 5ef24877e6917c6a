import { screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import AnalyticsPage from './analytics-page'
import { wrapLabel } from './charts'

function renderPage(ui: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
  )
}

const ANALYTICS = {
  totals: { totalEmployees: 12, completedReviews: 30, pendingReviews: 4, reviewTemplates: 3 },
  departments: [{ slug: 'sales', name: 'Sales', employeeCount: 7 }],
  reviewTypes: [{ reviewType: 'performance_improvement', pending: 1, inProgress: 0, completed: 2, total: 3 }],
  ratingDistribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating })),
  completionByQuarter: [
    { quarter: 'Q4 2029', start: '2029-10-01', due: 0, completed: 0, rate: null },
    { quarter: 'Q1 2030', start: '2030-01-01', due: 4, completed: 3, rate: 75 },
  ],
  recentReviews: [
    {
      id: 1,
      reviewType: 'annual',
      status: 'completed',
      rating: 4,
      dueDate: '2030-01-01',
      completedAt: '2030-01-03T00:00:00Z',
      employee: { id: 2, firstName: 'Ada', lastName: 'Lovelace', department: 'sales' },
    },
  ],
}

describe('AnalyticsPage', () => {
  it('shows the cards, the chart figures and the recent reviews', async () => {
    mockApi({ 'GET /api/analytics': jsonResponse(200, ANALYTICS), 'GET /api/analytics/cycles': jsonResponse(200, []) })
    renderPage(<AnalyticsPage />)
    expect(await screen.findByText('12')).toBeInTheDocument()
    expect(screen.getByText('30')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Pending Reviews' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Review Templates' })).toBeInTheDocument()
    // each chart has its numbers in a table for screen readers
    expect(screen.getByRole('table', { name: 'Department Overview' })).toHaveTextContent('Sales7')
    expect(screen.getByRole('table', { name: 'Review Types' })).toHaveTextContent('Performance Improvement102')
    const completion = screen.getByRole('table', { name: 'Completion Rate' })
    expect(completion).toHaveTextContent('Q1 20304375%')
    // a quarter with nothing due says so instead of reading as 0% done
    expect(completion).toHaveTextContent('Q4 202900no reviews due')
    expect(screen.getByRole('table', { name: 'Rating Distribution' })).toBeInTheDocument()
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByText('Annual · Completed Jan 3, 2030')).toBeInTheDocument()
    // below them, the review cycles' section
    expect(screen.getByRole('heading', { name: 'Review cycles' })).toBeInTheDocument()
    expect(await screen.findByText('No review cycle has been launched yet.')).toBeInTheDocument()
  })
})

describe('wrapLabel', () => {
  it('keeps long category names whole, on lines of about 14 characters', () => {
    expect(wrapLabel('Performance Improvement')).toEqual(['Performance', 'Improvement'])
    expect(wrapLabel('Human Resources')).toEqual(['Human', 'Resources'])
    expect(wrapLabel('Sales')).toEqual(['Sales'])
    expect(wrapLabel('Customer Success Team')).toEqual(['Customer', 'Success Team'])
  })
})
