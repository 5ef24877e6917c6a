import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import type { FeedbackRequest } from '../api/feedback-request'
import { isClosed, localToday } from '../lib/feedback-rules'
import FeedbackPage from './feedback-page'

function request(overrides: Partial<FeedbackRequest> = {}): FeedbackRequest {
  return {
    id: 40,
    reviewId: 7,
    employeeName: 'Grace Hopper',
    position: 'Staff Engineer',
    cycleName: 'Spring 2030',
    kind: 'peer',
    due: '2999-04-01',
    closed: false,
    closedReason: null,
    answeredAt: null,
    rating: null,
    comment: null,
    ...overrides,
  }
}

function renderPage() {
  const as = viewerFor('user', { visibility: 'need_to_know', employeeId: 9 })
  renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <FeedbackPage requestId={40} />
    </AssistantContext.Provider>,
    { as },
  )
  return userEvent.setup()
}

describe('feedback rules', () => {
  it('closes answering once the due date has passed, the day itself still open', () => {
    expect(isClosed({ due: '2030-04-01' }, '2030-04-01')).toBe(false)
    expect(isClosed({ due: '2030-04-01' }, '2030-04-02')).toBe(true)
    expect(isClosed({ due: null }, '2030-04-02')).toBe(false)
    expect(localToday(new Date(2030, 0, 5, 23, 30))).toBe('2030-01-05')
  })
})

describe('FeedbackPage', () => {
  it('says whom it is about, the cycle, and that answers are shown without names from 3 answers', async () => {
    mockApi({ 'GET /api/feedback-requests/40': jsonResponse(200, request()) })
    renderPage()
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument()
    expect(screen.getByText('Staff Engineer')).toBeInTheDocument()
    expect(screen.getByText('Spring 2030')).toBeInTheDocument()
    expect(screen.getByText(/shown to the reviewer without your name, and only once at least 3 colleagues have answered/)).toBeInTheDocument()
  })

  it('sends a rating and comment once, then shows the answer read-only', async () => {
    const fetchMock = mockApi({
      'GET /api/feedback-requests/40': jsonResponse(200, request()),
      'POST /api/feedback-requests/40/answer': (init) => {
        const body = JSON.parse(String(init.body)) as { rating: number; comment: string }
        return jsonResponse(200, request({ ...body, answeredAt: '2030-03-20T10:00:00Z' }))
      },
    })
    const user = renderPage()
    const send = await screen.findByRole('button', { name: 'Send Feedback' })
    expect(send).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: '4' }))
    await user.type(screen.getByLabelText('Comment (optional)'), ' Always helps in reviews ')
    await user.click(send)

    expect(await screen.findByText(/You answered on Mar 20, 2030/)).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/feedback-requests/40/answer')).toEqual({ rating: 4, comment: 'Always helps in reviews' })
    expect(screen.getByText('4 / 5')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  })

  it('shows a request closed before its due date as closed, with the reason, and no form', async () => {
    const reason = 'The feedback stage of this review is closed: the review has been completed'
    mockApi({ 'GET /api/feedback-requests/40': jsonResponse(200, request({ closed: true, closedReason: reason })) })
    renderPage()
    const status = (await screen.findByText('This request is closed: feedback can no longer be given.')).closest('[role="status"]')
    expect(status).toHaveTextContent(reason)
    expect(screen.getByText('Closed')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Your feedback' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).not.toBeInTheDocument()
  })

  it('reads the request again when an answer is refused as closed, and then shows it closed', async () => {
    const reason = 'The feedback stage of this review is closed: the review cycle has been closed'
    let reads = 0
    mockApi({
      'GET /api/feedback-requests/40': () => {
        reads += 1
        return jsonResponse(200, reads === 1 ? request() : request({ closed: true, closedReason: reason }))
      },
      'POST /api/feedback-requests/40/answer': jsonResponse(409, { message: reason }),
    })
    const user = renderPage()
    await user.click(await screen.findByRole('radio', { name: '3' }))
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }))
    const closed = await screen.findByText('This request is closed: feedback can no longer be given.')
    expect(closed.closest('[role="status"]')).toHaveTextContent(reason)
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).not.toBeInTheDocument()
  })

  it("shows the server's reason when the answer is refused, and keeps the form", async () => {
    mockApi({
      'GET /api/feedback-requests/40': jsonResponse(200, request()),
      'POST /api/feedback-requests/40/answer': jsonResponse(409, { message: 'Feedback for this review is closed' }),
    })
    const user = renderPage()
    await user.click(await screen.findByRole('radio', { name: '2' }))
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback for this review is closed')
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked()
  })

  it('says a request not sent to the reader cannot be opened', async () => {
    mockApi({})
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('it was not sent to you')
  })
})
