import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster'
import type { Viewer } from '@/lib/access'
import type { Role } from '@/lib/roles'
import { toast } from '@/lib/use-toast'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import type { Review, ReviewQuestion } from '../api/get-reviews'
import { autoOverallRating, isAnswerValid } from '../lib/review-rules'
import { REVIEW_UPDATE_FAILED, ReviewWizard } from './review-wizard'

const QUESTIONS: ReviewQuestion[] = [
  { id: 'q1', question: 'Overall job performance', type: 'rating', required: true, scale: 5 },
  { id: 'q2', question: 'What went especially well?', type: 'text', required: true },
  { id: 'q3', question: 'Which area needs growth?', type: 'multiple-choice', required: false, options: ['Delivery', 'Ownership'] },
  { id: 'q4', question: 'Collaboration on a 1 to 5 scale', type: 'rating', required: true, scale: 5 },
]

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 7,
    employeeId: 3,
    templateId: 1,
    reviewType: 'quarterly',
    status: 'pending',
    responses: {},
    rating: null,
    reviewerNotes: null,
    dueDate: '2030-05-01',
    completedAt: null,
    createdAt: '2030-04-01T00:00:00Z',
    employee: { id: 3, employeeId: 'E-1', firstName: 'Ada', lastName: 'Lovelace', department: 'engineering', isArchived: false },
    template: { id: 1, name: 'Standard Performance Review', questions: QUESTIONS },
    ...overrides,
  }
}

function renderWizard(data: Review, role: Role | Viewer = 'manager') {
  const fetchMock = mockApi({
    'GET /api/reviews/7': jsonResponse(200, data),
    'PUT /api/reviews/7': (init) => jsonResponse(200, { ...data, ...JSON.parse(String(init.body)) }),
  })
  const onOpenChange = vi.fn()
  renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={onOpenChange} />, { as: role })
  return { fetchMock, onOpenChange, user: userEvent.setup() }
}

/** The body of the PUT that saved the review. */
function putBody(fetchMock: ReturnType<typeof mockApi>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
  if (!call) throw new Error('No PUT was sent')
  return JSON.parse(String(call[1]?.body))
}

const next = () => screen.getByRole('button', { name: /Next/ })

describe('review rules', () => {
  it('checks required answers, rating scales and options', () => {
    const [rating, text, choice] = QUESTIONS as [ReviewQuestion, ReviewQuestion, ReviewQuestion]
    expect(isAnswerValid(rating, undefined)).toBe(false)
    expect(isAnswerValid(rating, 0)).toBe(false)
    expect(isAnswerValid(rating, 6)).toBe(false)
    expect(isAnswerValid(rating, 5)).toBe(true)
    expect(isAnswerValid({ ...rating, scale: 3 }, 4)).toBe(false)
    expect(isAnswerValid(text, '   ')).toBe(false)
    expect(isAnswerValid(choice, undefined)).toBe(true)
    expect(isAnswerValid(choice, 'Charisma')).toBe(false)
  })

  it('auto-fills the overall rating from the rounded average, 3 without ratings', () => {
    expect(autoOverallRating(QUESTIONS, {})).toBe(3)
    expect(autoOverallRating(QUESTIONS, { q1: 4, q4: 5 })).toBe(5)
    expect(autoOverallRating(QUESTIONS, { q1: 2, q4: 3 })).toBe(3)
    expect(autoOverallRating(QUESTIONS, { q1: 1, q4: 2 })).toBe(2)
    expect(autoOverallRating(QUESTIONS, { q1: 4 })).toBe(4)
  })
})

describe('ReviewWizard', () => {
  it('keeps Next disabled until the current question is valid', async () => {
    const { user } = renderWizard(review())
    expect(await screen.findByText('Question 1 of 4')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Complete Review' })).toBeInTheDocument()
    expect(next()).toBeDisabled()

    await user.click(screen.getByRole('radio', { name: '4' }))
    expect(next()).toBeEnabled()
    await user.click(next())

    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument()
    expect(next()).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'What went especially well?' }), '   ')
    expect(next()).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'What went especially well?' }), 'Shipped billing')
    expect(next()).toBeEnabled()
    await user.click(next())

    // optional question: Next is enabled without an answer
    expect(screen.getByText('Question 3 of 4')).toBeInTheDocument()
    expect(next()).toBeEnabled()
    await user.click(screen.getByRole('button', { name: /Back/ }))
    expect(screen.getByRole('textbox', { name: 'What went especially well?' })).toHaveValue('   Shipped billing')
  })

  it('auto-fills the overall rating, lets it be changed, and completes the review', async () => {
    const { user, fetchMock, onOpenChange } = renderWizard(review())
    await user.click(await screen.findByRole('radio', { name: '4' }))
    await user.click(next())
    await user.type(screen.getByRole('textbox'), 'Shipped the billing flow')
    await user.click(next())
    await user.click(screen.getByRole('radio', { name: 'Ownership' }))
    await user.click(next())
    await user.click(screen.getByRole('radio', { name: '5' }))
    await user.click(next())

    expect(screen.getByRole('heading', { name: 'Overall rating' })).toBeInTheDocument()
    // (4 + 5) / 2 = 4.5, rounded to 5
    expect(screen.getByRole('radio', { name: '5' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: '4' }))
    await user.type(screen.getByLabelText('Reviewer notes'), 'Strong quarter')
    await user.click(screen.getByRole('button', { name: 'Complete Review' }))

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(putBody(fetchMock)).toMatchObject({
      status: 'completed',
      rating: 4,
      reviewerNotes: 'Strong quarter',
      responses: { q1: 4, q2: 'Shipped the billing flow', q3: 'Ownership', q4: 5 },
    })
    expect(await screen.findByText('Review Updated')).toBeInTheDocument()
  })

  it('defaults the overall rating to 3 when the template has no rating questions', async () => {
    const { user } = renderWizard(
      review({
        template: {
          id: 2,
          name: 'Text only',
          questions: [{ id: 'q1', question: 'Anything to add about this quarter?', type: 'text', required: false }],
        },
      }),
    )
    await user.click(await screen.findByRole('button', { name: /Next/ }))
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked()
  })

  it('asks before closing over answers not saved, and keeps them when told to', async () => {
    const { user, onOpenChange, fetchMock } = renderWizard(review())
    await user.click(await screen.findByRole('radio', { name: '4' }))

    await user.keyboard('{Escape}')
    const ask = await screen.findByRole('alert')
    expect(ask).toHaveTextContent('This review has changes that are not saved. Close it and lose them?')
    expect(onOpenChange).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Keep Editing' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(await screen.findByRole('button', { name: 'Discard Changes' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
  })

  it('asks before closing also when a toast is showing (the toast hands Escape to the dialog)', async () => {
    mockApi({ 'GET /api/reviews/7': jsonResponse(200, review()) })
    const onOpenChange = vi.fn()
    renderWithProviders(
      <>
        <ReviewWizard reviewId={7} onOpenChange={onOpenChange} />
        <Toaster />
      </>,
      { as: 'manager' },
    )
    const user = userEvent.setup()
    act(() => void toast({ title: 'Password updated', description: 'Password changed successfully' }))
    await user.click(await screen.findByRole('radio', { name: '4' }))
    await user.keyboard('{Escape}')
    expect(await screen.findByText(/not saved\. Close it and lose them\?/)).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('closes at once when nothing changed', async () => {
    const { user, onOpenChange } = renderWizard(review({ responses: { q1: 4 }, status: 'in_progress' }))
    await user.click(await screen.findByRole('radio', { name: '4' })) // already the answer
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("starts at the question's answer, not the close button, and moves the focus with each step", async () => {
    mockApi({ 'GET /api/reviews/7': jsonResponse(200, review()) })
    function Page() {
      const [open, setOpen] = useState<number | null>(null)
      return (
        <>
          <button type="button" onClick={() => setOpen(7)}>
            Continue Review
          </button>
          <ReviewWizard reviewId={open} onOpenChange={(o) => !o && setOpen(null)} />
        </>
      )
    }
    renderWithProviders(<Page />, { as: 'manager' })
    const user = userEvent.setup()
    const group = (name: string) => screen.getByRole('radiogroup', { name })

    // Opened while the review loads, then again from the cache.
    for (const time of ['first', 'cached']) {
      await user.click(screen.getByRole('button', { name: 'Continue Review' }))
      await screen.findByText('Question 1 of 4')
      await waitFor(() => expect(within(group('Overall job performance')).getAllByRole('radio')[0], time).toHaveFocus())
      expect(screen.getByRole('button', { name: 'Close' })).not.toHaveFocus()
      if (time === 'first') {
        await user.keyboard('{Escape}')
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      }
    }

    // Next and Back take the focus to their step's answer (the chosen option when there is one).
    await user.keyboard(' ')
    await user.click(next())
    expect(screen.getByRole('textbox', { name: 'What went especially well?' })).toHaveFocus()
    await user.type(screen.getByRole('textbox'), 'Shipped billing')
    await user.click(next())
    expect(within(group('Which area needs growth?')).getAllByRole('radio')[0]).toHaveFocus()
    await user.click(screen.getByRole('button', { name: /Back/ }))
    expect(screen.getByRole('textbox', { name: 'What went especially well?' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: /Back/ }))
    expect(within(group('Overall job performance')).getByRole('radio', { checked: true })).toHaveFocus()
    await user.click(next())
    await user.click(next())
    await user.click(next())
    await user.click(screen.getByRole('radio', { name: '5' }))
    await user.click(next())
    expect(within(group('Overall rating')).getByRole('radio', { checked: true })).toHaveFocus()
  })

  it('asks the browser to confirm a reload while answers are not saved', async () => {
    mockApi({
      'GET /api/reviews/7': jsonResponse(200, review()),
      'PUT /api/reviews/7': (init) => jsonResponse(200, { ...review(), ...JSON.parse(String(init.body)) }),
    })
    function Page() {
      const [open, setOpen] = useState<number | null>(7)
      return <ReviewWizard reviewId={open} onOpenChange={(o) => !o && setOpen(null)} />
    }
    renderWithProviders(<Page />, { as: 'manager' })
    const user = userEvent.setup()
    await screen.findByText('Question 1 of 4')
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(reload()).toBe(false)
    await user.click(screen.getByRole('radio', { name: '3' }))
    expect(reload()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }))
    await screen.findByText('Your draft was saved.')
    await waitFor(() => expect(screen.queryByText('Question 1 of 4')).not.toBeInTheDocument())
    expect(reload()).toBe(false)
  })

  it('saves a draft as in_progress from any step', async () => {
    const { user, fetchMock } = renderWizard(review())
    await user.click(await screen.findByRole('radio', { name: '2' }))
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }))
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ status: 'in_progress', responses: { q1: 2 } }))
    expect(await screen.findByText('Your draft was saved.')).toBeInTheDocument()
  })

  it('sends the version it opened, so a save over someone else\'s is refused, and says so', async () => {
    const opened = review({ updatedAt: '2030-04-02T09:30:00.123456Z' })
    const fetchMock = mockApi({
      'GET /api/reviews/7': jsonResponse(200, opened),
      'PUT /api/reviews/7': jsonResponse(409, {
        message:
          "This review changed after you opened it: someone saved it, or its template's questions were edited. Close it and open it again to see the latest version.",
      }),
    })
    const user = userEvent.setup()
    renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={() => {}} />, { as: 'manager' })
    await user.click(await screen.findByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText(/^Failed to update the review\. This review changed after you opened it: someone saved it/)).toBeInTheDocument()
    expect(putBody(fetchMock)).toMatchObject({ expectedUpdatedAt: '2030-04-02T09:30:00.123456Z' })
  })

  it('saves once on a double click', async () => {
    let answer: (reply: Response) => void = () => {}
    const fetchMock = mockApi({
      'GET /api/reviews/7': jsonResponse(200, review()),
      'PUT /api/reviews/7': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={() => {}} />, { as: 'manager' })
    const draft = await screen.findByRole('button', { name: 'Save as Draft' })
    act(() => {
      fireEvent.click(draft) // both clicks before the button shows the save is under way
      fireEvent.click(draft)
    })
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')
    await waitFor(() => expect(puts()).not.toHaveLength(0))
    answer(jsonResponse(200, { ...review(), status: 'in_progress' }))
    expect(await screen.findByText('Your draft was saved.')).toBeInTheDocument()
    expect(puts()).toHaveLength(1)
  })

  it('shows the failure message when saving fails', async () => {
    mockApi({
      'GET /api/reviews/7': jsonResponse(200, review()),
      'PUT /api/reviews/7': jsonResponse(500, { message: 'boom' }),
    })
    const user = userEvent.setup()
    renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={() => {}} />, { as: 'manager' })
    await user.click(await screen.findByRole('button', { name: 'Save as Draft' }))
    expect(await screen.findByText(REVIEW_UPDATE_FAILED)).toBeInTheDocument()
  })

  it("shows the server's reason when it refuses the save", async () => {
    mockApi({
      'GET /api/reviews/7': jsonResponse(200, review()),
      'PUT /api/reviews/7': jsonResponse(403, { message: 'Only an administrator can change a completed review' }),
    })
    const user = userEvent.setup()
    renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={() => {}} />, { as: 'manager' })
    await user.click(await screen.findByRole('button', { name: 'Save as Draft' }))
    expect(
      await screen.findByText('Failed to update the review. Only an administrator can change a completed review'),
    ).toBeInTheDocument()
  })

  it('asks again for answers a template edit left behind, and never sends them back', async () => {
    // Saved when q2 was a rating question and q9 still existed.
    const { user, fetchMock } = renderWizard(review({ status: 'in_progress', responses: { q1: 4, q2: 3, q9: 'gone' } }))
    expect(await screen.findByText('Question 1 of 4')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked()
    await user.click(next())
    expect(screen.getByRole('textbox', { name: 'What went especially well?' })).toHaveValue('')
    expect(next()).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }))
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ status: 'in_progress' }))
    expect((putBody(fetchMock) as { responses: unknown }).responses).toEqual({ q1: 4 })
  })

  it('opens a completed review read-only as View Review', async () => {
    renderWizard(
      review({
        status: 'completed',
        rating: 4,
        completedAt: '2030-04-20T10:00:00Z',
        responses: { q1: 4, q2: 'Great work', q4: 5 },
        reviewerNotes: 'Keep going',
      }),
    )
    expect(await screen.findByRole('heading', { name: 'View Review' })).toBeInTheDocument()
    expect(screen.getByText('Great work')).toBeInTheDocument()
    expect(screen.getAllByText('4 / 5')).toHaveLength(2) // the first answer and the overall rating
    expect(screen.getByText('Keep going')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Review' })).not.toBeInTheDocument()
  })

  it('lets an admin reopen a completed review for editing', async () => {
    const { user } = renderWizard(review({ status: 'completed', rating: 4, responses: { q1: 4, q2: 'x', q4: 4 } }), 'admin')
    await user.click(await screen.findByRole('button', { name: 'Edit Review' }))
    expect(screen.getByRole('heading', { name: 'Complete Review' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument()
  })

  it('is read-only for the user role', async () => {
    renderWizard(review(), 'user')
    expect(await screen.findByRole('heading', { name: 'View Review' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument()
  })

  it.each([
    [1, 'a report’s review', 'Complete Review'],
    [3, 'their own review', 'View Review'],
  ])('under need to know a manager (employee %i) gets %s as %s', async (employeeId, _, title) => {
    renderWizard(review(), viewerFor('manager', { visibility: 'need_to_know', employeeId }))
    expect(await screen.findByText('Overall job performance', { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    expect(Boolean(screen.queryByRole('button', { name: /Next/ }))).toBe(title === 'Complete Review')
  })
})
