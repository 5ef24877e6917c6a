import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Viewer } from '@/lib/access'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import type { FeedbackSummary } from '../api/feedback'
import type { ReviewDetail, ReviewQuestion } from '../api/get-reviews'
import { reasonProblem } from '../api/review-stage'
import { roomLeft } from './ask-feedback-dialog'
import { heldBackText } from './feedback-summary'
import { mayFillReview, ReviewWizard, stageActions } from './review-wizard'

const QUESTIONS: ReviewQuestion[] = [{ id: 'q1', question: 'Overall job performance', type: 'rating', required: true, scale: 5 }]
const SELF_QUESTIONS: ReviewQuestion[] = [{ id: 's1', question: 'What are you proudest of?', type: 'text', required: true }]

function review(overrides: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    id: 7,
    employeeId: 3,
    templateId: 1,
    reviewType: 'annual',
    status: 'in_progress',
    responses: {},
    rating: null,
    reviewerNotes: null,
    dueDate: '2030-05-01',
    completedAt: null,
    createdAt: '2030-04-01T00:00:00Z',
    employee: { id: 3, employeeId: 'E-3', firstName: 'Ada', lastName: 'Lovelace', department: 'engineering', isArchived: false },
    template: { id: 1, name: 'Annual Review', questions: QUESTIONS },
    cycleId: 2,
    cycleName: 'Spring 2030',
    reviewerUserId: 'u-manager',
    reviewerName: 'Mia Manager',
    stage: 'writing',
    selfSubmittedAt: '2030-04-10T09:00:00Z',
    selfResponses: { s1: 'Shipped the billing flow' },
    selfQuestions: SELF_QUESTIONS,
    locked: false,
    ...overrides,
  }
}

function summary(overrides: Partial<FeedbackSummary> = {}): FeedbackSummary {
  return {
    asked: [
      { employeeId: 11, employeeName: 'Grace Hopper' },
      { employeeId: 12, employeeName: 'Alan Turing' },
    ],
    requested: 2,
    answered: 1,
    threshold: 3,
    shown: false,
    averageRating: null,
    ratings: null,
    comments: [],
    ...overrides,
  }
}

const manager = viewerFor('manager', { visibility: 'need_to_know', employeeId: 20 })

function renderWizard(data: ReviewDetail, as: Viewer, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/reviews/7': jsonResponse(200, data),
    'GET /api/reviews/7/feedback': jsonResponse(200, summary()),
    'GET /api/auth/user': jsonResponse(200, { id: 'u-manager', role: as.role, name: 'Mia Manager', organizationId: 1, organizationName: 'Demo' }),
    ...routes,
  })
  renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={vi.fn()} />, { as })
  return { fetchMock, user: userEvent.setup() }
}

describe('review stage rules', () => {
  it('lets the named reviewer fill a review they do not otherwise reach', () => {
    const user = viewerFor('user', { employeeId: 20 })
    expect(user.access['reviews.fill']).toEqual(['assigned'])
    expect(mayFillReview(user, review(), 'u-manager')).toBe(true)
    expect(mayFillReview(user, review(), 'u-someone-else')).toBe(false)
    expect(mayFillReview(user, review({ reviewerUserId: null }), null)).toBe(false)
  })

  it('offers sharing to the reviewer, acknowledging to the employee, reopening a locked review to an admin', () => {
    const employee = viewerFor('user', { visibility: 'need_to_know', employeeId: 3 })
    const admin = viewerFor('admin', { employeeId: 1 })
    expect(stageActions(manager, review({ stage: 'sharing' }), true).share).toBe(true)
    expect(stageActions(manager, review({ stage: 'done' }), true).share).toBe(false)
    expect(stageActions(employee, review({ sharedAt: '2030-05-02T00:00:00Z', stage: 'acknowledging' }), false).acknowledge).toBe(true)
    expect(stageActions(employee, review({ sharedAt: '2030-05-02T00:00:00Z', acknowledgedAt: '2030-05-03T00:00:00Z' }), false).acknowledge).toBe(false)
    expect(stageActions(admin, review({ locked: true }), true).reopen).toBe(true)
    expect(stageActions(viewerFor('hr', { employeeId: 2 }), review({ locked: true }), true).reopen).toBe(false)
  })

  it('needs a reason of 3 to 500 characters to reopen', () => {
    expect(reasonProblem('  no ')).toMatch(/at least 3/)
    expect(reasonProblem('Wrong rating')).toBeNull()
    expect(reasonProblem('x'.repeat(501))).toMatch(/500/)
  })

  it('holds feedback back below the threshold and limits the colleagues asked to five', () => {
    expect(heldBackText({ answered: 2, threshold: 3 })).toBe('Feedback shows once 3 colleagues have answered (2 so far).')
    expect(roomLeft(3, 1)).toBe(1)
    expect(roomLeft(5, 0)).toBe(0)
  })
})

describe('ReviewWizard beside the questions', () => {
  it("shows the employee's self-review and the feedback count, held back below 3 answers, with who was asked", async () => {
    renderWizard(review(), manager)
    const panel = await screen.findByRole('complementary', { name: 'Self-review and feedback' })
    expect(within(panel).getByText('Shipped the billing flow')).toBeInTheDocument()
    expect(within(panel).getByText('What are you proudest of?')).toBeInTheDocument()
    expect(await within(panel).findByText('1 of 2 asked have answered.')).toBeInTheDocument()
    expect(within(panel).getByText('Feedback shows once 3 colleagues have answered (1 so far).')).toBeInTheDocument()
    expect(within(panel).getByText('Asked: Grace Hopper, Alan Turing')).toBeInTheDocument()
    // The questions are still there to answer.
    expect(screen.getByRole('radiogroup', { name: 'Overall job performance' })).toBeInTheDocument()
  })

  it('shows the average, the distribution and the comments once enough colleagues have answered', async () => {
    const shown = summary({
      requested: 4,
      answered: 3,
      shown: true,
      averageRating: 4.333,
      ratings: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 },
      comments: ['Calm under pressure', 'Great mentor'],
    })
    renderWizard(review(), manager, { 'GET /api/reviews/7/feedback': jsonResponse(200, shown) })
    const panel = await screen.findByRole('complementary', { name: 'Self-review and feedback' })
    expect(await within(panel).findByText('4.3')).toBeInTheDocument()
    expect(within(panel).getByRole('list', { name: 'Ratings given' })).toHaveTextContent('42 answers')
    expect(within(within(panel).getByRole('list', { name: 'Comments' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Calm under pressure',
      'Great mentor',
    ])
    // One more colleague asked now would be the author of the next new answer.
    expect(within(panel).queryByRole('button', { name: 'Ask for Feedback' })).not.toBeInTheDocument()
  })

  it('keeps the self-review and feedback beside a completed review, without asking for more', async () => {
    renderWizard(review({ status: 'completed', completedAt: '2030-05-01T00:00:00Z', stage: 'done' }), viewerFor('hr', { employeeId: 2 }))
    expect(await screen.findByText('View Review')).toBeInTheDocument()
    expect(await screen.findByText('1 of 2 asked have answered.')).toBeInTheDocument()
    expect(screen.getByText('Shipped the billing flow')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Ask for Feedback' })).not.toBeInTheDocument()
  })

  it.each([
    ['under need to know', manager],
    ['under open', viewerFor('manager', { employeeId: 20 })],
    ['as a user named reviewer', viewerFor('user', { employeeId: 20 })],
  ])('shows the named reviewer the self-review and feedback beside the completed review %s', async (_, reviewer) => {
    const done = review({ status: 'completed', completedAt: '2030-05-01T00:00:00Z', rating: 4, stage: 'done' })
    renderWizard(done, reviewer)
    expect(await screen.findByText('View Review')).toBeInTheDocument()
    const panel = await screen.findByRole('complementary', { name: 'Self-review and feedback' })
    expect(within(panel).getByText('Shipped the billing flow')).toBeInTheDocument()
    expect(await within(panel).findByText('1 of 2 asked have answered.')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Ask for Feedback' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
  })

  it("leaves the feedback out for a colleague who is not the review's named reviewer", async () => {
    const colleague = viewerFor('user', { employeeId: 12 })
    const { fetchMock } = renderWizard(review({ selfResponses: null, reviewerUserId: 'u-someone-else' }), colleague, {
      'GET /api/reviews/7/feedback': jsonResponse(403, { message: 'Not allowed' }),
    })
    expect(await screen.findByText('View Review')).toBeInTheDocument()
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/user'))).toBe(true))
    expect(screen.queryByText(/Colleagues/)).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/feedback'))).toBe(false)
  })

  it('leaves the feedback out for a reader the server refuses it to', async () => {
    renderWizard(review({ selfResponses: null }), manager, { 'GET /api/reviews/7/feedback': jsonResponse(403, { message: 'Not allowed' }) })
    await screen.findByRole('radiogroup', { name: 'Overall job performance' })
    await waitFor(() => expect(screen.queryByText(/Colleagues/)).not.toBeInTheDocument())
  })

  it('asks colleagues picked from the directory, never the employee or those asked already', async () => {
    const { fetchMock, user } = renderWizard(review(), manager, {
      'GET /api/directory': jsonResponse(200, [
        { id: 3, firstName: 'Ada', lastName: 'Lovelace', position: 'Engineer' },
        { id: 11, firstName: 'Grace', lastName: 'Hopper', position: 'Admiral' },
        { id: 14, firstName: 'Katherine', lastName: 'Johnson', position: 'Mathematician' },
      ]),
      'POST /api/reviews/7/feedback-requests': jsonResponse(201, { asked: [] }),
    })
    await user.click(await screen.findByRole('button', { name: 'Ask for Feedback' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask for Feedback' })
    await user.type(within(dialog).getByLabelText('Find a colleague'), 'a')
    expect(within(dialog).getByText('Type at least 2 letters of a name.')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Find a colleague'), 'n')
    const found = await within(dialog).findByRole('list', { name: 'Colleagues found' })
    expect(within(found).getAllByRole('checkbox')).toHaveLength(1)
    await user.click(within(found).getByRole('checkbox', { name: /Katherine Johnson/ }))
    expect(within(dialog).getByText('2 more can be asked.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ask 1' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/reviews/7/feedback-requests')).toEqual({ employeeIds: [14] }))
  })

  it("shows the server's reason when asking is refused", async () => {
    const { user } = renderWizard(review(), manager, {
      'GET /api/directory': jsonResponse(200, [{ id: 14, firstName: 'Katherine', lastName: 'Johnson' }]),
      'POST /api/reviews/7/feedback-requests': jsonResponse(422, { message: 'Katherine Johnson has no active account' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Ask for Feedback' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask for Feedback' })
    await user.type(within(dialog).getByLabelText('Find a colleague'), 'Kath')
    await user.click(await within(dialog).findByRole('checkbox', { name: /Katherine Johnson/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Ask 1' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Katherine Johnson has no active account')
  })
})

describe('ReviewWizard sharing and acknowledging', () => {
  const completed = { status: 'completed' as const, completedAt: '2030-05-01T00:00:00Z', rating: 4 }

  it('lets the reviewer share a completed review with the employee', async () => {
    const { fetchMock, user } = renderWizard(review({ ...completed, stage: 'sharing' }), manager, {
      'POST /api/reviews/7/share': jsonResponse(200, review({ ...completed, stage: 'acknowledging', sharedAt: '2030-05-02T00:00:00Z' })),
    })
    await user.click(await screen.findByRole('button', { name: 'Share with Employee' }))
    expect(await screen.findByText('Review shared')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/reviews/7/share') && init?.method === 'POST')).toBe(true)
  })

  it('lets the employee acknowledge a shared review with a comment', async () => {
    const employee = viewerFor('user', { visibility: 'need_to_know', employeeId: 3 })
    const shared = review({ ...completed, stage: 'acknowledging', sharedAt: '2030-05-02T00:00:00Z', selfResponses: { s1: 'x' } })
    const { fetchMock, user } = renderWizard(shared, employee, {
      'POST /api/reviews/7/acknowledge': jsonResponse(200, { ...shared, acknowledgedAt: '2030-05-03T00:00:00Z', locked: true }),
    })
    await user.type(await screen.findByLabelText('Your comment (optional)'), 'Thanks, agreed')
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }))
    expect(await screen.findByText('Review acknowledged')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/reviews/7/acknowledge')).toEqual({ comment: 'Thanks, agreed' })
    // The employee never sees the colleagues' feedback.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/feedback'))).toBe(false)
  })

  it('shows a locked review as such, and an admin reopens it only with a reason', async () => {
    const admin = viewerFor('admin', { employeeId: 1 })
    const locked = review({
      ...completed,
      stage: 'done',
      sharedAt: '2030-05-02T00:00:00Z',
      acknowledgedAt: '2030-05-03T00:00:00Z',
      acknowledgementComment: 'Thanks, agreed',
      locked: true,
    })
    const { fetchMock, user } = renderWizard(locked, admin, {
      'POST /api/reviews/7/reopen': jsonResponse(200, review({ status: 'in_progress' })),
    })
    expect(await screen.findByText(/Locked: acknowledged May 3, 2030/)).toBeInTheDocument()
    expect(screen.getByText('Thanks, agreed').parentElement).toHaveTextContent("Employee's comment: Thanks, agreed")
    expect(screen.queryByRole('button', { name: 'Edit Review' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Reopen' }))
    await user.type(screen.getByLabelText('Why reopen this acknowledged review?'), 'no')
    await user.click(screen.getByRole('button', { name: 'Reopen Review' }))
    expect(screen.getByRole('alert')).toHaveTextContent('at least 3 characters')
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/reopen'))).toBe(false)

    await user.type(screen.getByLabelText('Why reopen this acknowledged review?'), 't the final rating')
    await user.click(screen.getByRole('button', { name: 'Reopen Review' }))
    await waitFor(() => expect(sentBody(fetchMock, '/api/reviews/7/reopen')).toEqual({ reason: 'not the final rating' }))
  })

  it('shows the employee their own acknowledgement comment as theirs', async () => {
    const employee = viewerFor('user', { visibility: 'need_to_know', employeeId: 3 })
    const acknowledged = review({
      ...completed,
      stage: 'done',
      selfResponses: { s1: 'x' },
      sharedAt: '2030-05-02T00:00:00Z',
      acknowledgedAt: '2030-05-03T00:00:00Z',
      acknowledgementComment: 'Thanks, agreed',
      locked: true,
    })
    renderWizard(acknowledged, employee)
    const comment = await screen.findByText('Thanks, agreed')
    expect(comment.parentElement).toHaveTextContent('Your comment: Thanks, agreed')
    expect(screen.queryByText(/Employee's comment/)).not.toBeInTheDocument()
  })

  it("shows the server's reason when sharing is refused", async () => {
    const { user } = renderWizard(review({ ...completed, stage: 'sharing' }), manager, {
      'POST /api/reviews/7/share': jsonResponse(409, { message: 'This review has already been shared' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Share with Employee' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This review has already been shared')
  })
})
