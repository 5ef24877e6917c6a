import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import type { ReviewQuestion } from '../api/get-reviews'
import type { SelfReview } from '../api/self-review'
import SelfReviewPage from './self-review-page'

const QUESTIONS: ReviewQuestion[] = [
  { id: 's1', question: 'How did your quarter go?', type: 'rating', required: true, scale: 5 },
  { id: 's2', question: 'What are you proudest of?', type: 'text', required: true },
  { id: 's3', question: 'Anything else?', type: 'text', required: false },
]

function selfReview(overrides: Partial<SelfReview> = {}): SelfReview {
  return {
    reviewId: 7,
    employeeName: 'Ada Lovelace',
    cycleName: 'Spring 2030',
    questions: QUESTIONS,
    responses: {},
    submittedAt: null,
    due: '2030-04-15',
    ...overrides,
  }
}

function renderPage(ui: ReactElement) {
  const as = viewerFor('user', { visibility: 'need_to_know', employeeId: 3 })
  renderWithProviders(<AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>, { as })
  return userEvent.setup()
}

/** Echoes the saved answers, stamped submitted when asked. */
function saving(init: RequestInit) {
  const body = JSON.parse(String(init.body)) as { responses: Record<string, unknown>; submit: boolean }
  return jsonResponse(200, selfReview({ responses: body.responses, submittedAt: body.submit ? '2030-04-10T09:00:00Z' : null }))
}

describe('SelfReviewPage', () => {
  it('saves a draft of the answers given so far, with the same inputs as the review questions', async () => {
    const fetchMock = mockApi({ 'GET /api/reviews/7/self': jsonResponse(200, selfReview()), 'PUT /api/reviews/7/self': saving })
    const user = renderPage(<SelfReviewPage reviewId={7} />)
    await user.click(await screen.findByRole('radio', { name: '4' }))
    await user.click(screen.getByRole('button', { name: 'Save Draft' }))
    expect(await screen.findByText('Draft saved')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/reviews/7/self', 1)).toEqual({ responses: { s1: 4 }, submit: false })
    expect(screen.getByText('Due Apr 15, 2030')).toBeInTheDocument()
  })

  it('submits only once every required question is answered, after confirming, and then shows it read-only', async () => {
    const fetchMock = mockApi({ 'GET /api/reviews/7/self': jsonResponse(200, selfReview({ responses: { s1: 3 } })), 'PUT /api/reviews/7/self': saving })
    const user = renderPage(<SelfReviewPage reviewId={7} />)
    const submit = await screen.findByRole('button', { name: 'Submit Self-Review' })
    // The saved rating is kept; the required text is still missing.
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked()
    expect(submit).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'What are you proudest of?' }), '  Shipped billing  ')
    await user.click(submit)

    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
    const confirm = screen.getByRole('alert')
    expect(confirm).toHaveTextContent('cannot be changed')
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }))

    expect(await screen.findByText(/Submitted Apr 10, 2030/)).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/reviews/7/self', 1)).toEqual({ responses: { s1: 3, s2: 'Shipped billing' }, submit: true })
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument()
    expect(screen.getByText('Shipped billing')).toBeInTheDocument()
  })

  it('shows a submitted self-review read-only', async () => {
    mockApi({
      'GET /api/reviews/7/self': jsonResponse(200, selfReview({ responses: { s1: 5, s2: 'Mentoring' }, submittedAt: '2030-04-01T10:00:00Z' })),
    })
    renderPage(<SelfReviewPage reviewId={7} />)
    expect(await screen.findByText('5 / 5')).toBeInTheDocument()
    expect(screen.getByText('Mentoring')).toBeInTheDocument()
    expect(screen.getByText('No answer')).toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument()
  })

  it("keeps the answers and shows the server's reason when saving is refused", async () => {
    mockApi({
      'GET /api/reviews/7/self': jsonResponse(200, selfReview()),
      'PUT /api/reviews/7/self': jsonResponse(409, { message: 'The review cycle is closed' }),
    })
    const user = renderPage(<SelfReviewPage reviewId={7} />)
    await user.click(await screen.findByRole('radio', { name: '2' }))
    await user.click(screen.getByRole('button', { name: 'Save Draft' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The review cycle is closed')
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked()
  })

  it("says a self-review that is not the reader's cannot be opened", async () => {
    mockApi({})
    renderPage(<SelfReviewPage reviewId={7} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('only the person reviewed writes their self-review')
  })
})
