import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { formatDate } from '@/lib/format'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { QuickActions } from './quick-actions'
import { RecentActivity, timeAgo } from './recent-activity'
import { viewerFor } from '@/test/access'
import { ratingTrendNote, startedNote, teamNote } from '../lib/figures'
import { completedFigure, expiringFigure, nextReviewFigure, ownRatingFigure } from './own-stat-cards'
import { StatCards } from './stat-cards'
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
    renderWithProviders(<StatCards />, { as: 'admin' })

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
    renderWithProviders(<StatCards />, { as: 'admin' })
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
    renderWithProviders(<StatCards />, { as: 'admin' })
    expect(await screen.findByText('0.00')).toBeInTheDocument()
  })

  it('keeps the cards and says so when the stats cannot be loaded', async () => {
    mockApi({})
    renderWithProviders(<StatCards />, { as: 'admin' })
    expect(await screen.findByText('Statistics could not be loaded right now.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Avg Rating' })).toBeInTheDocument()
  })
})

/** The heading of each card and the figure under it, in order. */
function cardFigures() {
  const group = screen.getByRole('region', { name: 'Statistics' })
  return within(group)
    .getAllByRole('heading', { level: 3 })
    .map((h) => [h.textContent, h.closest('div')!.nextElementSibling?.textContent])
}

describe('StatCards by whose records the reader counts', () => {
  const stats = {
    totalEmployees: 4,
    reviewsDue: 1,
    completedReviews: 3,
    averageRating: 4,
    reviewsOverdue: 0,
    employeesStartedRecently: 0,
  }

  it('keeps the organization-wide cards under open visibility, for a manager and a user too', async () => {
    for (const role of ['admin', 'hr', 'manager', 'user'] as const) {
      mockApi({ 'GET /api/dashboard/stats': jsonResponse(200, stats) })
      const page = renderWithProviders(<StatCards />, { as: viewerFor(role, { employeeId: 5 }) })
      expect(await screen.findByText('No one started in the last 30 days')).toBeInTheDocument()
      expect(cardFigures()).toEqual([
        ['Total Employees', '4'],
        ['Reviews Due', '1'],
        ['Completed Reviews', '3'],
        ['Avg Rating', '4.00'],
      ])
      page.unmount()
    }
  })

  it("labels a manager's cards as their team's: themselves and their reporting line", async () => {
    mockApi({ 'GET /api/dashboard/stats': jsonResponse(200, { ...stats, employeesStartedRecently: 2, reviewsOverdue: 1 }) })
    renderWithProviders(<StatCards />, { as: viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 }) })
    expect(await screen.findByText('You and your reporting line · +2 started in the last 30 days')).toBeInTheDocument()
    expect(cardFigures()).toEqual([
      ['Team Members', '4'],
      ['Team Reviews Due', '1'],
      ['Team Reviews Done', '3'],
      ['Team Avg Rating', '4.00'],
    ])
    expect(screen.getByText('Due this week · 1 overdue')).toHaveClass('text-destructive')
    expect(screen.queryByText(/Total Employees|organization/)).not.toBeInTheDocument()
  })

  it('shows a reader of their own record alone cards about themselves, none counting a team', async () => {
    const fetchMock = mockApi({
      'GET /api/dashboard/stats': jsonResponse(200, { ...stats, totalEmployees: 1, reviewsDue: 0, averageRating: 4.5 }),
      'GET /api/employees/5': jsonResponse(200, { id: 5, firstName: 'Arthur', lastName: 'Abbott', nextReviewDate: isoInDays(40) }),
      'GET /api/reviews': jsonResponse(200, [
        { id: 1, status: 'completed', completedAt: '2030-01-10T09:00:00Z', rating: 4 },
        { id: 2, status: 'completed', completedAt: '2030-04-02T09:00:00Z', rating: 5 },
      ]),
      'GET /api/employee-certifications': jsonResponse(200, [
        { id: 1, isActive: true, status: 'expiring', expirationDate: '2030-05-06', certificationType: { name: 'First Aid' } },
        { id: 2, isActive: true, status: 'active', expirationDate: '2031-05-06', certificationType: { name: 'AWS' } },
      ]),
    })
    renderWithProviders(<StatCards />, { as: viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }) })
    expect(await screen.findByText('First Aid on May 6, 2030')).toBeInTheDocument()
    await waitFor(() =>
      expect(cardFigures()).toEqual([
        ['Completed Reviews', '2'],
        ['Your Avg Rating', '4.50'],
        ['Next Review', formatDate(isoInDays(40))],
        ['Certifications', '1 expiring'],
      ]),
    )
    expect(screen.getByText('Last completed Apr 2, 2030')).toBeInTheDocument()
    expect(screen.getByText('In 40 days')).toBeInTheDocument()
    expect(screen.queryByText(/Total Employees|Reviews Due|started in the last 30 days/)).not.toBeInTheDocument()
    // Their own record, reviews and certifications: nobody else's.
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.origin))
    expect(asked.find((url) => url.pathname === '/api/reviews')?.searchParams.get('employeeId')).toBe('5')
    expect(asked.find((url) => url.pathname === '/api/employee-certifications')?.searchParams.get('employeeId')).toBe('5')
  })

  it('shows no figures to an account linked to no employee', () => {
    mockApi({ 'GET /api/dashboard/stats': jsonResponse(200, stats) })
    renderWithProviders(<StatCards />, { as: viewerFor('user', { visibility: 'need_to_know' }) })
    expect(screen.queryByRole('region', { name: 'Statistics' })).not.toBeInTheDocument()
  })

  it("words a person's own figures", () => {
    const now = new Date(2030, 0, 10, 12)
    expect(nextReviewFigure('2030-01-10', now)).toEqual({ value: 'Jan 10, 2030', note: 'Today' })
    expect(nextReviewFigure('2030-01-11', now).note).toBe('Tomorrow')
    expect(nextReviewFigure('2030-01-07', now).note).toBe('3 days ago')
    expect(nextReviewFigure(null, now)).toEqual({ value: 'Not scheduled', note: null })
    expect(completedFigure([])).toEqual({ value: '0', note: 'None yet' })
    expect(completedFigure([{ status: 'pending' } as never])).toEqual({ value: '0', note: 'None yet' })
    expect(ownRatingFigure(0)).toEqual({ value: '—', note: 'No rated reviews yet' })
    expect(ownRatingFigure(4.2)).toEqual({ value: '4.20', note: 'Across your completed reviews' })
    expect(ownRatingFigure(4.2, 4.5, 4)).toEqual({ value: '4.20', note: 'This quarter 4.50, +0.50 vs last quarter' })
    expect(teamNote(0)).toBe('You and your reporting line')
  })

  it("counts a person's certifications expiring within 30 days and says which have expired", () => {
    const cert = (id: number, status: string, expirationDate: string | null, isActive = true) =>
      ({ id, status, expirationDate, isActive, certificationType: { name: `Cert ${id}` } }) as never
    expect(expiringFigure([])).toEqual({ value: 'None', note: 'No certifications on record', urgent: false })
    expect(expiringFigure([cert(1, 'active', '2031-01-01'), cert(2, 'no_expiry', null)])).toEqual({
      value: 'None expiring',
      note: 'In the next 30 days',
      urgent: false,
    })
    expect(
      expiringFigure([cert(1, 'expiring', '2030-02-01'), cert(2, 'expiring', '2030-01-20'), cert(3, 'expired', '2029-12-01')]),
    ).toEqual({ value: '2 expiring', note: 'Cert 2 on Jan 20, 2030 · 1 expired', urgent: true })
    expect(expiringFigure([cert(1, 'active', '2031-01-01'), cert(3, 'expired', '2029-12-01')])).toEqual({
      value: 'None expiring',
      note: 'In the next 30 days · 1 expired',
      urgent: true,
    })
    // One no longer held (replaced or withdrawn) is not counted.
    expect(expiringFigure([cert(1, 'expired', '2029-12-01', false)])).toEqual({
      value: 'None',
      note: 'No certifications on record',
      urgent: false,
    })
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
