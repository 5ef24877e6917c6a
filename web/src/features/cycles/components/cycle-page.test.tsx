import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import CyclePage from './cycle-page'

const cycle = (over: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Spring 2026',
  reviewType: 'annual',
  templateId: 3,
  templateName: 'Engineering Review',
  selfTemplateId: null,
  population: { kind: 'everyone', departmentIds: [], employeeIds: [], startFrom: null, startTo: null },
  selfDue: '2026-03-10',
  feedbackDue: null,
  reviewDue: '2026-03-30',
  acknowledgeDue: null,
  status: 'draft',
  launchedAt: null,
  closedAt: null,
  createdAt: '2026-03-01T09:00:00Z',
  reviewCount: 0,
  doneCount: 0,
  ...over,
})

const PREVIEW = {
  count: 2,
  withoutReviewer: 1,
  people: [
    { employeeId: 1, employeeName: 'Ann Ason', department: 'Platform', reviewerUserId: 'boss', reviewerName: 'Mona Mson' },
    { employeeId: 2, employeeName: 'Mona Mson', department: 'Platform', reviewerUserId: null, reviewerName: null },
  ],
}

const PROGRESS = {
  total: 2,
  overdue: 1,
  byStage: { self: 1, feedback: 0, writing: 0, sharing: 0, acknowledging: 0, done: 1 },
  byDepartment: [{ departmentId: 4, department: 'Platform', total: 2, done: 1, overdue: 1 }],
  byReviewer: [
    { reviewerUserId: null, reviewerName: null, total: 1, done: 0, overdue: 1 },
    { reviewerUserId: 'boss', reviewerName: 'Mona Mson', total: 1, done: 1, overdue: 0 },
  ],
}

const review = (reviewId: number, over: Record<string, unknown> = {}) => ({
  reviewId,
  employeeId: reviewId,
  employeeName: `Person ${reviewId}`,
  department: 'Platform',
  reviewerUserId: 'boss',
  reviewerName: 'Mona Mson',
  stage: 'self',
  stageDue: '2026-03-10',
  overdue: false,
  unfinished: false,
  rating: null,
  ...over,
})

const REVIEWS = [review(11, { overdue: true, reviewerUserId: null, reviewerName: null }), review(12, { stage: 'done', stageDue: null, rating: 4 })]

function launchedApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/cycles/5': jsonResponse(200, cycle({ status: 'active', reviewCount: 2, doneCount: 1 })),
    'GET /api/cycles/5/progress': jsonResponse(200, PROGRESS),
    'GET /api/cycles/5/reviews': () =>
      new Response(JSON.stringify(REVIEWS), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' } }),
    'GET /api/departments': jsonResponse(200, []),
    'GET /api/cycles/reviewer-options': jsonResponse(200, [{ userId: 'ann', name: 'Ann Ason', email: 'ann@x.io', role: 'user' }]),
    'PUT /api/cycles/5/reviewers': jsonResponse(200, { updated: 2 }),
    'POST /api/cycles/5/nudge': jsonResponse(200, { nudged: 1 }),
    ...extra,
  })
}

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <CyclePage cycleId={5} />
    </AssistantContext.Provider>,
    { as: 'admin' },
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('CyclePage', () => {
  it('previews a draft with who lacks a reviewer, then launches it after asking', async () => {
    let launched = false
    const fetchMock = launchedApi({
      'GET /api/cycles/5': () => jsonResponse(200, launched ? cycle({ status: 'active', reviewCount: 2 }) : cycle()),
      'GET /api/cycles/5/preview': jsonResponse(200, PREVIEW),
      'POST /api/cycles/5/launch': () => ((launched = true), jsonResponse(200, cycle({ status: 'active', reviewCount: 2 }))),
    })
    renderPage()
    expect(await screen.findByText('2 people in this cycle')).toBeInTheDocument()
    expect(screen.getByText('1 without a reviewer')).toBeInTheDocument()
    const people = within(screen.getByRole('table', { name: 'People in the cycle' })).getAllByRole('row').slice(1)
    // Who has no reviewer comes first.
    expect(people.map((row) => row.textContent)).toEqual(['Mona MsonPlatformNo reviewer', 'Ann AsonPlatformMona Mson'])

    await userEvent.click(screen.getByRole('button', { name: 'Launch' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Launch this cycle?' })
    expect(dialog).toHaveTextContent('each of the 2 people')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Launch' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/launch') && init?.method === 'POST')).toBe(true))
    expect(await screen.findByRole('table', { name: 'By reviewer' })).toBeInTheDocument()
  })

  it('shows the progress, the overdue highlighted, and reassigns the rows ticked', async () => {
    const fetchMock = launchedApi()
    renderPage()
    const stages = await screen.findByRole('region', { name: 'Reviews by stage' })
    expect(within(stages).getByRole('heading', { name: 'Overdue' }).nextSibling).toHaveTextContent('1')
    const reviewers = screen.getByRole('table', { name: 'By reviewer' })
    expect(within(reviewers).getAllByRole('row')[1]).toHaveTextContent('No reviewer101')

    const table = await screen.findByRole('table', { name: 'Reviews of the cycle' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('overdue')
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all shown' }))
    await userEvent.click(screen.getByRole('button', { name: 'Reassign…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reassign 2 reviews' })
    await userEvent.selectOptions(within(dialog).getByLabelText('New reviewer'), 'ann')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }))
    await waitFor(() =>
      expect(sentBody(fetchMock, '/api/cycles/5/reviewers')).toEqual({ reviewIds: [11, 12], reviewerUserId: 'ann' }),
    )
  })

  it('nudges everyone behind, or one person, and filters the reviews', async () => {
    const fetchMock = launchedApi()
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Nudge everyone behind' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/cycles/5/nudge')).toEqual({}))
    await userEvent.click(await screen.findByRole('button', { name: 'Nudge about Person 11' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/cycles/5/nudge', 1)).toEqual({ reviewIds: [11] }))
    // Nobody acts on a review that is done.
    expect(screen.queryByRole('button', { name: 'Nudge about Person 12' })).not.toBeInTheDocument()

    await userEvent.selectOptions(screen.getByLabelText('Reviewer'), 'none')
    await userEvent.click(screen.getByLabelText('Overdue only'))
    await waitFor(() => {
      const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), window.location.origin)).filter((u) => u.pathname.endsWith('/reviews'))
      expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({ page: '1', pageSize: '50', reviewerUserId: 'none', overdue: 'true' })
    })
  })

  it('closes after asking, and saves the CSV under the cycle’s name', async () => {
    const fetchMock = launchedApi({
      'POST /api/cycles/5/close': jsonResponse(200, cycle({ status: 'closed' })),
      'GET /api/cycles/5/export': new Response('Review ID\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    })
    // jsdom has no object URLs; lend it a pair for this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn(() => 'blob:cycle')
    URL.revokeObjectURL = vi.fn()
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
    })
    let savedAs = ''
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(savedAs).toBe('Spring 2026 reviews.csv'))

    await userEvent.click(screen.getByRole('button', { name: 'Close cycle' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this cycle?' })
    expect(dialog).toHaveTextContent('marked unfinished')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close cycle' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/close') && init?.method === 'POST')).toBe(true),
    )
  })

  it('deletes a draft after asking, then shows all cycles', async () => {
    const fetchMock = launchedApi({
      'GET /api/cycles/5': jsonResponse(200, cycle()),
      'GET /api/cycles/5/preview': jsonResponse(200, PREVIEW),
      'DELETE /api/cycles/5': new Response(null, { status: 204 }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this draft?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(window.location.pathname).toBe('/cycles'))
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1)
    window.history.replaceState(null, '', '/')
  })

  it('on a phone, shows the preview, the breakdowns and the reviews as stacked rows', async () => {
    // A phone: no min-width query of the page matches.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }))
    let launched = false
    launchedApi({
      'GET /api/cycles/5': () => jsonResponse(200, launched ? cycle({ status: 'active', reviewCount: 2 }) : cycle()),
      'GET /api/cycles/5/preview': jsonResponse(200, PREVIEW),
      'POST /api/cycles/5/launch': () => ((launched = true), jsonResponse(200, cycle({ status: 'active', reviewCount: 2 }))),
    })
    renderPage()
    const people = await screen.findByRole('list', { name: 'People in the cycle' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(people).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mona MsonPlatformNo reviewer',
      'Ann AsonPlatformReviewer: Mona Mson',
    ])

    await userEvent.click(screen.getByRole('button', { name: 'Launch' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Launch this cycle?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Launch' }))
    const reviewers = await screen.findByRole('list', { name: 'By reviewer' })
    expect(within(reviewers).getAllByRole('listitem')[0]).toHaveTextContent('No reviewer1 review0 done1 overdue')
    expect(within(screen.getByRole('list', { name: 'By department' })).getByRole('listitem')).toHaveTextContent('Platform2 reviews1 done1 overdue')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    const cards = within(await screen.findByRole('list', { name: 'Reviews of the cycle' })).getAllByRole('listitem')
    expect(cards[0]).toHaveTextContent('Due Mar 10, 2026 · overdue')
    // A done review has no stage left to be due: its card says Done, not "Due —".
    expect(cards[1]).toHaveTextContent('Done')
    expect(cards[1]).not.toHaveTextContent('Due')
  })

  it('says when the cycle does not exist', async () => {
    mockApi({})
    renderPage()
    expect(await screen.findByText('This cycle does not exist.')).toBeInTheDocument()
  })
})
