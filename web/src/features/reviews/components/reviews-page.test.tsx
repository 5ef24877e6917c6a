import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { localToday } from '@/lib/date-range'
import type { Viewer } from '@/lib/access'
import type { Role } from '@/lib/roles'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { viewerFor } from '@/test/access'
import ReviewsPage, { REVIEWS_PER_PAGE, reviewsSubtitle } from './reviews-page'


/** Pages carry the shared header, whose help button needs the assistant context. */
function renderPage(ui: ReactElement, as: Role | Viewer = 'admin') {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
    { as },
  )
}

const employee = { id: 3, employeeId: 'E-1', firstName: 'Ada', lastName: 'Lovelace', department: 'engineering' }
const template = { id: 1, name: 'Standard Performance Review', questions: [] }
const base = { employeeId: 3, templateId: 1, reviewType: 'quarterly', responses: {}, employee, template }
const REVIEWS = [
  { ...base, id: 1, status: 'pending', dueDate: '2030-05-10' },
  { ...base, id: 2, status: 'in_progress', dueDate: '2030-05-01' },
  { ...base, id: 3, status: 'completed', dueDate: '2030-01-01', completedAt: '2030-01-02T00:00:00Z', rating: 4 },
]

const DEPARTMENTS = [
  { id: 1, name: 'Engineering', slug: 'engineering' },
  { id: 2, name: 'Sales', slug: 'sales' },
]

/** GET /api/reviews as the server answers it: by the status asked for. */
function byStatus(_: RequestInit, url: URL) {
  const status = url.searchParams.get('status')
  return jsonResponse(
    200,
    REVIEWS.filter((r) => !status || r.status === status),
  )
}

/** The query string of the last list request. */
function lastQuery(fetchMock: ReturnType<typeof mockApi>) {
  const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.origin))
  const lists = calls.filter((url) => url.pathname === '/api/reviews')
  const last = lists[lists.length - 1]
  if (!last) throw new Error('No list request')
  return last.searchParams
}

function inDays(days: number) {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return localToday(d)
}

describe('ReviewsPage', () => {
  it('shows 5 skeletons while loading', () => {
    mockApi({ 'GET /api/reviews': () => new Promise<Response>(() => {}) })
    renderPage(<ReviewsPage />, 'admin')
    expect(screen.getAllByTestId('review-skeleton')).toHaveLength(5)
  })

  it('offers a plain user under open to fill only the reviews they are the named reviewer of', async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, [
        { ...REVIEWS[0], reviewerUserId: 'u-9' },
        { ...REVIEWS[1], id: 4, reviewerUserId: 'u-other' },
      ]),
      'GET /api/auth/user': jsonResponse(200, { id: 'u-9', role: 'user', name: 'Uma User', organizationId: 1, organizationName: 'Demo' }),
    })
    renderPage(<ReviewsPage />, viewerFor('user', { employeeId: 9 }))
    expect(await screen.findByRole('button', { name: 'Start Review' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View Review' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue Review' })).not.toBeInTheDocument()
  })

  it('filters by the status tabs and offers Start, Continue or View', async () => {
    const fetchMock = mockApi({ 'GET /api/reviews': byStatus })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, 'manager')

    await screen.findByRole('button', { name: 'Continue Review' })
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
    // Never started: Start; started: Continue; completed: View.
    expect(within(panel).getByRole('button', { name: 'Start Review' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Continue Review' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'View Review' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create Review' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: /Completed/ }))
    const completed = await screen.findByRole('tabpanel', { name: /Completed/ })
    await waitFor(() => expect(within(completed).getAllByRole('listitem')).toHaveLength(1))
    expect(within(completed).getByText('4/5')).toBeInTheDocument()
    expect(lastQuery(fetchMock).get('status')).toBe('completed')
    expect(window.location.search).toBe('?status=completed')

    await user.click(screen.getByRole('tab', { name: /In Progress/ }))
    const inProgress = await screen.findByRole('tabpanel', { name: /In Progress/ })
    await waitFor(() => expect(within(inProgress).getAllByRole('listitem')).toHaveLength(1))
  })

  it('offers only View Review to an account that cannot fill reviews in', async () => {
    mockApi({ 'GET /api/reviews': byStatus })
    renderPage(<ReviewsPage />, 'user')
    const panel = await screen.findByRole('tabpanel')
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: 'View Review' })).toHaveLength(3))
    expect(within(panel).queryByRole('button', { name: /Start|Continue/ })).not.toBeInTheDocument()
  })

  it('reads its search, filters, sort, view and page from the address and asks the server for them', async () => {
    window.history.replaceState(
      null,
      '',
      '/reviews?q=ada&status=pending&department=sales&reviewType=annual&overdue=true&archived=all&sort=-dueDate&view=table&page=2',
    )
    const fetchMock = mockApi({ 'GET /api/reviews': byStatus, 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage(<ReviewsPage />, 'admin')

    const table = await screen.findByRole('table', { name: 'Reviews' })
    expect(within(table).getAllByRole('row')).toHaveLength(2) // the header and the pending review
    expect(within(table).getByRole('button', { name: 'Start Review' })).toBeInTheDocument()
    expect(Object.fromEntries(lastQuery(fetchMock))).toEqual({
      search: 'ada',
      status: 'pending',
      department: 'sales',
      reviewType: 'annual',
      overdue: 'true',
      archived: 'all',
      sort: '-dueDate',
      page: '2',
      pageSize: String(REVIEWS_PER_PAGE),
    })
    expect(screen.getByRole('searchbox')).toHaveValue('ada')
    await waitFor(() => expect(screen.getByLabelText('Department')).toHaveValue('sales'))
    expect(screen.getByLabelText('Review type')).toHaveValue('annual')
    expect(screen.getByLabelText('Due')).toHaveValue('true')
    expect(screen.getByLabelText('Employees')).toHaveValue('all')
    expect(screen.getByLabelText('Sort by')).toHaveValue('-dueDate')
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true')
  })

  it('writes each change to the address, back to the first page, and keeps the view on a reload', async () => {
    window.history.replaceState(null, '', '/reviews?page=3')
    const fetchMock = mockApi({ 'GET /api/reviews': byStatus, 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    const user = userEvent.setup()
    const { unmount } = renderPage(<ReviewsPage />, 'admin')
    await screen.findAllByRole('listitem')
    expect(lastQuery(fetchMock).get('page')).toBe('3')

    await user.selectOptions(screen.getByLabelText('Review type'), 'probation')
    await waitFor(() => expect(lastQuery(fetchMock).get('reviewType')).toBe('probation'))
    expect(lastQuery(fetchMock).get('page')).toBe('1')
    await user.click(screen.getByRole('button', { name: 'Table' }))
    await user.type(screen.getByRole('searchbox'), 'love')
    await waitFor(() => expect(lastQuery(fetchMock).get('search')).toBe('love'))
    const address = window.location.search
    expect(Object.fromEntries(new URLSearchParams(address))).toEqual({
      reviewType: 'probation',
      view: 'table',
      q: 'love',
    })

    // A reload: the same address shows the same view.
    unmount()
    fetchMock.mockClear()
    renderPage(<ReviewsPage />, 'admin')
    await screen.findByRole('table', { name: 'Reviews' })
    expect(lastQuery(fetchMock).get('reviewType')).toBe('probation')
    expect(lastQuery(fetchMock).get('search')).toBe('love')
    expect(screen.getByRole('searchbox')).toHaveValue('love')
  })

  it("filters by reviewer: the managers of the organisation's reporting lines", async () => {
    window.history.replaceState(null, '', '/reviews')
    const people = [
      { id: 1, employeeId: 'E-1', firstName: 'Ada', lastName: 'Lovelace', managerId: 'E-9' },
      { id: 2, employeeId: 'E-2', firstName: 'Alan', lastName: 'Turing', managerId: 'E-9' },
      { id: 9, employeeId: 'E-9', firstName: 'Grace', lastName: 'Hopper', managerId: null },
    ]
    const fetchMock = mockApi({
      'GET /api/reviews': byStatus,
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'GET /api/employees': jsonResponse(200, people),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, 'admin')
    const select = screen.getByLabelText('Reviewer')
    // Only someone who manages another is offered.
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any reviewer', 'Grace Hopper']))
    await user.selectOptions(select, 'E-9')
    await waitFor(() => expect(lastQuery(fetchMock).get('reviewer')).toBe('E-9'))
    expect(new URLSearchParams(window.location.search).get('reviewer')).toBe('E-9')
  })

  it('reads an unknown value in the address as the default', async () => {
    window.history.replaceState(null, '', '/reviews?sort=salary&view=grid&status=done&page=-4&overdue=maybe')
    const fetchMock = mockApi({ 'GET /api/reviews': byStatus })
    renderPage(<ReviewsPage />, 'admin')
    await screen.findAllByRole('listitem')
    expect(Object.fromEntries(lastQuery(fetchMock))).toEqual({
      archived: 'active',
      sort: 'urgency',
      page: '1',
      pageSize: String(REVIEWS_PER_PAGE),
    })
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('offers a reader of their own reviews alone only the filters that can narrow them', async () => {
    // A link made by someone who sees more: its filters by person are not applied.
    window.history.replaceState(null, '', '/reviews?department=sales&reviewer=E-9&overdue=true&archived=archived&reviewType=annual')
    const fetchMock = mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'GET /api/employees': jsonResponse(200, [employee]),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, viewerFor('user', { visibility: 'need_to_know', employeeId: 3 }))
    expect(await screen.findByText('No reviews found')).toBeInTheDocument()
    for (const label of ['Department', 'Due', 'Reviewer', 'Employees']) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument()
    }
    expect(screen.getByLabelText('Review type')).toHaveValue('annual')
    expect(screen.getByLabelText('Sort by')).toBeInTheDocument()
    // Every one of their own reviews, of the type asked for; nothing looked up for hidden filters.
    expect(Object.fromEntries(lastQuery(fetchMock))).toEqual({
      reviewType: 'annual',
      archived: 'all',
      sort: 'urgency',
      page: '1',
      pageSize: String(REVIEWS_PER_PAGE),
    })
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.origin).pathname)
    expect(asked).not.toContain('/api/employees')
    expect(asked).not.toContain('/api/departments')
    // The type is the one filter that narrowed the list: Clear filters clears it.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(lastQuery(fetchMock).get('reviewType')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  })

  it("keeps every filter for a manager, whose list holds their team's reviews", async () => {
    window.history.replaceState(null, '', '/reviews')
    mockApi({ 'GET /api/reviews': byStatus, 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage(<ReviewsPage />, viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 }))
    await screen.findAllByRole('listitem')
    for (const label of ['Department', 'Review type', 'Due', 'Reviewer', 'Employees', 'Sort by']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
  })

  it('pages through a long list with the total the server counts', async () => {
    const fetchMock = mockApi({
      'GET /api/reviews': () =>
        new Response(JSON.stringify(REVIEWS), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '60' },
        }),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, 'admin')
    expect(await screen.findByText('Showing 1–25 of 60 reviews')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /All\s*\(60\)/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 26–50 of 60 reviews')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument()
    expect(lastQuery(fetchMock).get('page')).toBe('2')
    expect(window.location.search).toBe('?page=2')
  })

  it('creates a review, refusing a due date in the past', async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee, { ...employee, id: 4, firstName: 'Gone', isArchived: true }]),
      'GET /api/templates': jsonResponse(200, [
        { ...template, id: 1, isDefault: false, name: 'Other' },
        { ...template, id: 2, isDefault: true },
      ]),
      'POST /api/reviews': (init) => jsonResponse(201, { ...base, id: 9, status: 'pending', ...JSON.parse(String(init.body)) }),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, 'admin')

    await user.click(await screen.findByRole('button', { name: 'Create Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('2'))
    expect(within(dialog).queryByRole('option', { name: /Gone/ })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await within(dialog).findByText('Please select an employee')).toBeInTheDocument()
    expect(within(dialog).getByText('Due date is required')).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Employee'), '3')
    await user.type(within(dialog).getByLabelText('Due date'), inDays(-1))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await within(dialog).findByText('Due date cannot be in the past')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Due date'))
    await user.type(within(dialog).getByLabelText('Due date'), inDays(5))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument()
  })

  it("says why the server refused to create the review", async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee]),
      'GET /api/templates': jsonResponse(200, [{ ...template, id: 2, isDefault: true }]),
      'POST /api/reviews': jsonResponse(400, { message: 'Reviews cannot be created for an archived employee' }),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage />, 'admin')
    await user.click(await screen.findByRole('button', { name: 'Create Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('2'))
    await user.selectOptions(within(dialog).getByLabelText('Employee'), '3')
    await user.type(within(dialog).getByLabelText('Due date'), inDays(2))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(
      await screen.findByText('Failed to create review. Reviews cannot be created for an archived employee'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Create New Review' })).toBeInTheDocument()
  })

  it('opens Create Review with the template chosen on the templates screen', async () => {
    window.history.replaceState(null, '', '/reviews?create=1&templateId=1')
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee]),
      'GET /api/templates': jsonResponse(200, [
        { ...template, id: 1, isDefault: false, name: 'Chosen' },
        { ...template, id: 2, isDefault: true },
      ]),
    })
    renderPage(<ReviewsPage />, 'admin')
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('1'))
  })
})

describe('reviewsSubtitle', () => {
  it('says whose reviews the reader sees and whether they fill them in', () => {
    const ntk = { visibility: 'need_to_know' } as const
    expect(reviewsSubtitle(viewerFor('admin').access)).toBe("Track, continue and complete the organization's reviews")
    expect(reviewsSubtitle(viewerFor('manager', { ...ntk, employeeId: 4 }).access)).toBe(
      "Track, continue and complete your team's reviews",
    )
    expect(reviewsSubtitle(viewerFor('user').access)).toBe("Track the organization's reviews")
    // A person with a user account fills in only the reviews they are named reviewer of.
    expect(reviewsSubtitle(viewerFor('user', { employeeId: 5 }).access)).toBe(
      "Track the organization's reviews and complete those you are the reviewer of",
    )
    expect(reviewsSubtitle(viewerFor('user', { ...ntk, employeeId: 5 }).access)).toBe('Your reviews, once they are completed')
  })
})
