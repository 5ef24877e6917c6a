import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { QuickActions } from './quick-actions'
import { RecentActivity, timeAgo } from './recent-activity'
import { ratingTrendNote, StatCards, startedNote } from './stat-cards'
import { dueBadgeVariant, UpcomingReviews } from './upcoming-reviews'

const isoInDays = (days: number) => {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

describe('StatCards', () => {
  it('shows the four stats with Avg Rating to two decimals', async () => {
    mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, {
        totalEmployees: 42,
        reviewsDue: 5,
        completedReviews: 17,
        averageRating: 4.256,
      }),
    })
    renderWithProviders(<StatCards />)

    expect(await screen.findByText('42')).toBeInTheDocument()
    expect(screen.getByText('4.26')).toBeInTheDocument()
    expect(screen.getByText('Due this week')).toBeInTheDocument()
    expect(screen.getByText('This quarter')).toBeInTheDocument()
    // Without history (no start dates, no ratings last quarter) there is no trend to tell.
    expect(screen.queryByText(/last month|started in the last 30 days/)).not.toBeInTheDocument()
    expect(screen.queryByText(/vs last quarter/)).not.toBeInTheDocument()
  })

  it('tells the changes computed from history and how many reviews are overdue', async () => {
    mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, {
        totalEmployees: 42,
        reviewsDue: 5,
        completedReviews: 17,
        averageRating: 4.1,
        reviewsOverdue: 3,
        employeesStartedRecently: 4,
        quarterAverageRating: 4.2,
        previousQuarterAverageRating: 3.9,
      }),
    })
    renderWithProviders(<StatCards />)
    expect(await screen.findByText('+4 started in the last 30 days')).toBeInTheDocument()
    expect(screen.getByText('Due this week · 3 overdue')).toBeInTheDocument()
    expect(screen.getByText('This quarter 4.20, +0.30 vs last quarter')).toBeInTheDocument()
  })

  it('words a fall, no change and a month without starters', () => {
    expect(ratingTrendNote(3.5, 4)).toBe('This quarter 3.50, −0.50 vs last quarter')
    expect(ratingTrendNote(4, 4)).toBe('This quarter 4.00, ±0.00 vs last quarter')
    expect(ratingTrendNote(4, null)).toBeNull()
    expect(startedNote(0)).toBe('No one started in the last 30 days')
    expect(startedNote(null)).toBeNull()
  })

  it('shows 0.00 when there is no rating yet', async () => {
    mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, {
        totalEmployees: 0,
        reviewsDue: 0,
        completedReviews: 0,
        averageRating: null,
      }),
    })
    renderWithProviders(<StatCards />)
    expect(await screen.findByText('0.00')).toBeInTheDocument()
  })

  it('keeps the cards and says so when the stats cannot be loaded', async () => {
    mockApi({})
    renderWithProviders(<StatCards />)
    expect(await screen.findByText('Statistics could not be loaded right now.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Avg Rating' })).toBeInTheDocument()
  })
})

describe('UpcomingReviews', () => {
  it('lists reviews with initials, department, due date and a type badge', async () => {
    mockApi({
      'GET /api/reviews/upcoming': jsonResponse(200, [
        {
          id: 1,
          dueDate: '2030-03-05',
          reviewType: 'performance_improvement',
          employee: { firstName: 'Ada', lastName: 'Lovelace', department: 'engineering' },
        },
      ]),
    })
    renderWithProviders(<UpcomingReviews />, { as: 'admin' })

    const row = (await screen.findByText('Ada Lovelace')).closest('li')!
    expect(within(row).getByText('AL')).toBeInTheDocument()
    expect(within(row).getByText('Engineering')).toBeInTheDocument()
    expect(within(row).getByText('Due Mar 5, 2030')).toBeInTheDocument()
    expect(within(row).getByText('Performance Improvement')).toHaveAttribute('data-variant', 'outline')
    expect(within(row).getByRole('button', { name: 'Start Review' })).toBeInTheDocument()
  })

  it('labels overdue reviews in words and counts them all', async () => {
    mockApi({
      'GET /api/reviews/upcoming': jsonResponse(200, [
        { id: 1, dueDate: isoInDays(-3), reviewType: 'quarterly', employee: { firstName: 'Ada', lastName: 'Lovelace' } },
        { id: 2, dueDate: isoInDays(5), reviewType: 'annual', employee: { firstName: 'Alan', lastName: 'Turing' } },
      ]),
      'GET /api/dashboard/stats': jsonResponse(200, {
        totalEmployees: 2,
        reviewsDue: 1,
        completedReviews: 0,
        averageRating: 0,
        reviewsOverdue: 12,
      }),
    })
    renderWithProviders(<UpcomingReviews />, { as: 'admin' })
    const late = (await screen.findByText('Ada Lovelace')).closest('li')!
    expect(within(late).getByText('Overdue')).toHaveAttribute('data-variant', 'destructive')
    const soon = screen.getByText('Alan Turing').closest('li')!
    expect(within(soon).queryByText('Overdue')).not.toBeInTheDocument()
    expect(await screen.findByText(/^12 overdue reviews, listed first, then those coming due/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all overdue' })).toHaveAttribute('href', '/reviews?overdue=true')
  })

  it('says when nothing is coming up', async () => {
    mockApi({ 'GET /api/reviews/upcoming': jsonResponse(200, []) })
    renderWithProviders(<UpcomingReviews />, { as: 'admin' })
    expect(await screen.findByText('No upcoming reviews')).toBeInTheDocument()
  })

  it('shows a plain error when the list cannot be loaded', async () => {
    mockApi({})
    renderWithProviders(<UpcomingReviews />, { as: 'admin' })
    expect(await screen.findByText('Upcoming reviews could not be loaded right now.')).toBeInTheDocument()
  })

  it('picks the badge style from the days left', () => {
    expect(dueBadgeVariant(isoInDays(-1))).toBe('destructive')
    expect(dueBadgeVariant(isoInDays(2))).toBe('secondary')
    expect(dueBadgeVariant(isoInDays(4))).toBe('outline')
  })
})

describe('Start Review', () => {
  it('hands the review to the wizard opener', async () => {
    mockApi({
      'GET /api/reviews/upcoming': jsonResponse(200, [
        { id: 42, dueDate: '2030-03-05', reviewType: 'quarterly', employee: { firstName: 'Ada', lastName: 'Lovelace' } },
      ]),
    })
    const onStart = vi.fn()
    renderWithProviders(<UpcomingReviews onStartReview={onStart} />, { as: 'admin' })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Review' }))
    expect(onStart).toHaveBeenCalledWith(42)
  })

  it('says Continue Review for a review already started, and View where the account cannot fill it in', async () => {
    const review = { dueDate: '2030-03-05', reviewType: 'quarterly', employee: { firstName: 'Ada', lastName: 'Lovelace' } }
    mockApi({
      'GET /api/reviews/upcoming': jsonResponse(200, [
        { ...review, id: 1, status: 'pending' },
        { ...review, id: 2, status: 'in_progress' },
      ]),
    })
    const { unmount } = renderWithProviders(<UpcomingReviews />, { as: 'admin' })
    expect(await screen.findByRole('button', { name: 'Start Review' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue Review' })).toBeInTheDocument()
    unmount()
    renderWithProviders(<UpcomingReviews canFill={false} />, { as: 'admin' })
    expect(await screen.findAllByRole('button', { name: 'View' })).toHaveLength(2)
    expect(screen.queryByRole('button', { name: /Start|Continue/ })).not.toBeInTheDocument()
  })
})

describe('RecentActivity', () => {
  it('lists real events with links to the employee', async () => {
    const at = new Date(Date.now() - 5 * 60 * 1000).toISOString()
    mockApi({
      'GET /api/dashboard/activity': jsonResponse(200, [
        { kind: 'review_completed', at, employeeId: 7, employeeName: 'Grace Hopper', text: 'Annual review completed (rating 5/5)' },
        { kind: 'employee_added', at: '2020-01-02T00:00:00Z', employeeId: 8, employeeName: 'Alan Turing', text: 'Joined as Analyst' },
      ]),
    })
    renderWithProviders(<RecentActivity />)
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/employees/7')
    expect(screen.getByText(/Annual review completed \(rating 5\/5\)/)).toBeInTheDocument()
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument()
    expect(screen.getByText('Jan 2, 2020')).toBeInTheDocument()
    expect(screen.queryByText('No recent activity')).not.toBeInTheDocument()
  })

  it('says there is no recent activity when nothing happened yet', async () => {
    mockApi({ 'GET /api/dashboard/activity': jsonResponse(200, []) })
    renderWithProviders(<RecentActivity />)
    expect(await screen.findByText('No recent activity')).toBeInTheDocument()
  })

  it('words relative times', () => {
    const now = new Date('2030-01-10T12:00:00Z')
    expect(timeAgo('2030-01-10T11:59:30Z', now)).toBe('just now')
    expect(timeAgo('2030-01-10T11:00:00Z', now)).toBe('1 hour ago')
    expect(timeAgo('2030-01-08T12:00:00Z', now)).toBe('2 days ago')
  })
})

describe('QuickActions', () => {
  it('opens the dialogs and downloads the reviews report', async () => {
    const fetchMock = mockApi({
      'GET /api/reviews/export': new Response('Review ID\r\n1\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="reviews-report-2030-01-01.csv"' },
      }),
    })
    const createObjectURL = vi.fn(() => 'blob:report')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const handlers = { onAddEmployee: vi.fn(), onCreateTemplate: vi.fn(), onBulkUpload: vi.fn() }
    const user = userEvent.setup()
    renderWithProviders(<QuickActions {...handlers} />)

    await user.click(screen.getByRole('button', { name: 'Add Employee' }))
    await user.click(screen.getByRole('button', { name: 'Create Template' }))
    await user.click(screen.getByRole('button', { name: 'Bulk Upload' }))
    expect(handlers.onAddEmployee).toHaveBeenCalledOnce()
    expect(handlers.onCreateTemplate).toHaveBeenCalledOnce()
    expect(handlers.onBulkUpload).toHaveBeenCalledOnce()

    await user.click(screen.getByRole('button', { name: 'Generate Report' }))
    expect(await screen.findByText('Report downloaded')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews/export', expect.objectContaining({ method: 'GET' }))
    expect(createObjectURL).toHaveBeenCalled()
    expect(click).toHaveBeenCalled()
  })
})
