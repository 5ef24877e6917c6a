import { screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import type { MyWork, MyWorkItem } from '../api/get-my-work'
import { byUrgency, itemLink, WORK_GROUPS } from '../lib/groups'
import { MyWorkCard } from './my-work-card'
import MyWorkPage from './my-work-page'

const person = viewerFor('user', { visibility: 'need_to_know', employeeId: 5 })

function renderPage(ui: ReactElement) {
  return renderWithProviders(<AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>, { as: person })
}

function item(overrides: Partial<MyWorkItem>): MyWorkItem {
  return {
    kind: 'review',
    id: 1,
    reviewId: 1,
    employeeName: 'Ada Lovelace',
    cycleName: 'Spring 2030',
    reviewType: 'annual',
    due: '2030-05-01',
    overdue: false,
    link: '/reviews/1',
    ...overrides,
  } as MyWorkItem
}

const EMPTY: MyWork = { selfReviews: [], feedbackRequests: [], reviewsToWrite: [], reviewsToAcknowledge: [] }

const WORK: MyWork = {
  selfReviews: [item({ kind: 'self_review', id: 11, reviewId: 11, employeeName: 'Me Myself', link: '/reviews/11/self' })],
  feedbackRequests: [
    item({ kind: 'feedback', id: 40, reviewId: 12, employeeName: 'Grace Hopper', due: '2030-04-01', link: '/feedback/40' }),
  ],
  reviewsToWrite: [
    item({ id: 13, reviewId: 13, employeeName: 'Alan Turing', due: '2030-06-01', link: '/reviews/13' }),
    item({ kind: 'share', id: 15, reviewId: 15, employeeName: 'Mary Jackson', due: '2030-07-01', link: '/reviews/15' }),
    item({ id: 14, reviewId: 14, employeeName: 'Katherine Johnson', due: '2020-01-10', overdue: true, link: '/reviews/14' }),
  ],
  reviewsToAcknowledge: [],
}

describe('My reviews: the groups', () => {
  it('puts overdue work first, then the nearest due date', () => {
    const sorted = byUrgency([
      item({ id: 1, due: '2030-06-01' }),
      item({ id: 2, due: null }),
      item({ id: 3, due: '2030-01-01' }),
      item({ id: 4, due: '2031-01-01', overdue: true }),
    ])
    expect(sorted.map((i) => i.id)).toEqual([4, 3, 1, 2])
  })

  it('follows only links into the app, else opens the screen of the kind of work', () => {
    const [self, feedback] = WORK_GROUPS
    expect(itemLink(self!, item({ reviewId: 9, link: 'https://evil.example/x' }))).toBe('/reviews/9/self')
    expect(itemLink(self!, item({ reviewId: 9, link: '//evil.example/x' }))).toBe('/reviews/9/self')
    expect(itemLink(feedback!, item({ id: 40, link: '/feedback/40' }))).toBe('/feedback/40')
  })
})

describe('MyWorkPage', () => {
  it('lists each group with the person, cycle, due date and a button to its screen; overdue stands out', async () => {
    mockApi({ 'GET /api/my/work': jsonResponse(200, WORK) })
    renderPage(<MyWorkPage />)

    const self = await screen.findByRole('region', { name: /Self-reviews to write/ })
    expect(within(self).getByText('Your self-review')).toBeInTheDocument()
    expect(within(self).getByRole('link', { name: /Write Self-Review/ })).toHaveAttribute('href', '/reviews/11/self')

    const feedback = screen.getByRole('region', { name: /Feedback to give/ })
    expect(within(feedback).getByText('Grace Hopper')).toBeInTheDocument()
    expect(within(feedback).getByText('Due Apr 1, 2030')).toBeInTheDocument()
    expect(within(feedback).getByRole('link', { name: /Give Feedback/ })).toHaveAttribute('href', '/feedback/40')

    const toWrite = screen.getByRole('region', { name: /Reviews to write \(3\)/ })
    const rows = within(toWrite).getAllByRole('listitem')
    // The overdue review comes first and says so.
    expect(within(rows[0]!).getByText('Katherine Johnson')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('Overdue')).not.toBeInTheDocument()
    expect(within(rows[1]!).getByText('Spring 2030')).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('link', { name: /Write Review: Alan Turing/ })).toHaveAttribute('href', '/reviews/13')
    // A completed review waiting to be shared says so on its button.
    expect(within(rows[2]!).getByRole('link', { name: /Share Review: Mary Jackson/ })).toHaveAttribute('href', '/reviews/15')

    // A group with nothing in it is left out.
    expect(screen.queryByRole('region', { name: /Reviews to acknowledge/ })).not.toBeInTheDocument()
  })

  it('says there is nothing to do when every group is empty', async () => {
    mockApi({ 'GET /api/my/work': jsonResponse(200, EMPTY) })
    renderPage(<MyWorkPage />)
    expect(await screen.findByRole('heading', { name: 'Nothing to do' })).toBeInTheDocument()
  })

  it("shows the server's message when the list cannot be loaded", async () => {
    mockApi({ 'GET /api/my/work': jsonResponse(503, { message: 'The database is being restored' }) })
    renderPage(<MyWorkPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is being restored')
  })
})

describe('MyWorkCard', () => {
  it('counts each kind of work, the overdue ones too, and links to My Reviews', async () => {
    mockApi({ 'GET /api/my/work': jsonResponse(200, WORK) })
    renderWithProviders(<MyWorkCard />, { as: person })
    const toWrite = (await screen.findByText('Reviews to write')).parentElement!
    expect(toWrite).toHaveTextContent('3')
    expect(toWrite).toHaveTextContent('1 overdue')
    expect(screen.getByText('Self-reviews').parentElement).toHaveTextContent('1')
    expect(screen.getByRole('link', { name: 'Open my reviews' })).toHaveAttribute('href', '/my-reviews')
  })

  it('says there is nothing to do', async () => {
    mockApi({ 'GET /api/my/work': jsonResponse(200, EMPTY) })
    renderWithProviders(<MyWorkCard />, { as: person })
    expect(await screen.findByText('Nothing to do right now.')).toBeInTheDocument()
  })
})
