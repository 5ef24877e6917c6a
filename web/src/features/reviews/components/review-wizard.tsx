import { ChevronLeft, ChevronRight, Pencil } from 'lucide-react'
import { type KeyboardEvent, type MutableRefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import type { Role } from '@/lib/roles'
import { useOneAtATime } from '@/lib/use-one-at-a-time'
import { useReview, type Review, type ReviewStatus } from '../api/get-reviews'
import { useUpdateReview } from '../api/save-review'
import { AnswerInput, ChoiceList } from './answer-input'
import { answerText, autoOverallRating, cleanAnswers, currentAnswers, isAnswerValid } from '../lib/review-rules'

/** The toasts after saving a review. */
export const REVIEW_UPDATE_FAILED = 'Failed to update the review. Please try again.'

export const canFillReviews = (role: Role) => role === 'admin' || role === 'hr' || role === 'manager'

function employeeName(review: Review): string {
  const e = review.employee
  return e ? `${e.firstName} ${e.lastName}` : 'Employee'
}

function ReadOnlyReview({ review }: { review: Review }) {
  const questions = review.template?.questions ?? []
  return (
    // Long unbroken answers (a pasted link) wrap anywhere rather than widen the dialog.
    <div className="flex flex-col gap-4 [overflow-wrap:anywhere]">
      <ol className="flex flex-col gap-3">
        {questions.map((q, i) => (
          <li key={q.id} className="rounded-lg border p-4">
            <p className="text-sm font-medium">
              {i + 1}. {q.question}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-muted-foreground">
              {answerText(q, review.responses[q.id])}
            </p>
          </li>
        ))}
      </ol>
      <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Overall rating</dt>
          <dd>{review.rating != null ? `${review.rating} / 5` : 'Not rated'}</dd>
        </div>
        <div>
          <dt className="font-medium">Completed</dt>
          <dd>{review.completedAt ? formatDate(review.completedAt) : 'Not completed'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium">Reviewer notes</dt>
          <dd className="whitespace-pre-wrap">{review.reviewerNotes || 'None'}</dd>
        </div>
      </dl>
    </div>
  )
}

/** Focus a step's answer: its chosen option, else its first field. */
function focusAnswer(step: Element | null | undefined): boolean {
  const field =
    step?.querySelector<HTMLElement>('input:checked') ?? step?.querySelector<HTMLElement>('input, textarea, select')
  field?.focus()
  return Boolean(field)
}

/**
 * The dialog loops Shift+Tab only from its first tabbable element, the first option of a
 * group; from the group's chosen option the browser would leave the dialog and the focus trap
 * would put it straight back. Go round to the last element from any option of that group.
 */
function loopShiftTabFromFirstGroup(event: KeyboardEvent<HTMLDivElement>) {
  const active = document.activeElement
  if (event.key !== 'Tab' || !event.shiftKey || !(active instanceof HTMLInputElement) || active.type !== 'radio') return
  const tabbable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, textarea, select'),
  ].filter((el) => el.tabIndex >= 0)
  const first = tabbable[0]
  if (first instanceof HTMLInputElement && first !== active && first.type === 'radio' && first.name === active.name) {
    event.preventDefault()
    tabbable.at(-1)?.focus()
  }
}

/** What the wizard would save, to tell whether anything changed since it opened. */
function snapshot(answers: Record<string, unknown>, rating: number | null, notes: string): string {
  return JSON.stringify([cleanAnswers(answers), rating, notes.trim()])
}

interface WizardStepsProps {
  review: Review
  onDone: () => void
  /** Whether there are answers, a rating or notes not saved yet. */
  unsavedRef: MutableRefObject<boolean>
}

function WizardSteps({ review, onDone, unsavedRef }: WizardStepsProps) {
  const questions = review.template?.questions ?? []
  const update = useUpdateReview()
  const [step, setStep] = useState(0)
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => currentAnswers(questions, review.responses))
  // A saved rating equal to the automatic one keeps following the answers.
  const [chosenRating, setChosenRating] = useState<number | null>(() =>
    review.rating == null || review.rating === autoOverallRating(questions, currentAnswers(questions, review.responses))
      ? null
      : review.rating,
  )
  const [notes, setNotes] = useState(review.reviewerNotes ?? '')
  // The form status starts as in_progress, or completed when it already is.
  const formStatus: ReviewStatus = review.status === 'completed' ? 'completed' : 'in_progress'

  const last = questions.length // the final step: overall rating and notes
  const onFinalStep = step === last
  const question = questions[step]
  const rating = chosenRating ?? autoOverallRating(questions, answers)
  const currentValid = onFinalStep || (question !== undefined && isAnswerValid(question, answers[question.id]))
  const allValid = questions.every((q) => isAnswerValid(q, answers[q.id]))

  const [opened] = useState(() => snapshot(answers, chosenRating, notes))
  const dirty = snapshot(answers, chosenRating, notes) !== opened
  // Set as the change is committed (not in a later effect), so an Escape pressed right after
  // a click already knows about it; cleared when the wizard goes (a review shown read-only).
  useLayoutEffect(() => {
    unsavedRef.current = dirty
    return () => {
      unsavedRef.current = false
    }
  }, [dirty, unsavedRef])
  useEffect(() => {
    if (!dirty) return
    // Reloading or closing the tab asks first (the browser words the question).
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  // Each step starts at its question's answer (named by the question, so it is read out), so
  // after Next or Back the focus is not left on a button of the step before.
  const stepSection = useRef<HTMLElement>(null)
  useEffect(() => {
    focusAnswer(stepSection.current)
  }, [step])

  const oneAtATime = useOneAtATime() // a double click saves once
  const save = (status: ReviewStatus) =>
    oneAtATime((finish) =>
      update.mutate(
        {
          id: review.id,
          responses: cleanAnswers(answers),
          rating,
          reviewerNotes: notes.trim(),
          status,
          expectedUpdatedAt: review.updatedAt ?? null,
        },
        {
          onSettled: finish,
          onSuccess: () => {
            toast({
              title: 'Review Updated',
              description: status === 'completed' ? 'The review is complete.' : 'Your draft was saved.',
            })
            onDone()
          },
          onError: (error) => {
            // The server's reason when it gives one (e.g. a completed review only an admin may change).
            const reason = (errorStatus(error) ?? 500) < 500 ? errorMessage(error, '') : ''
            toast({
              variant: 'destructive',
              title: 'Error',
              description: reason ? `Failed to update the review. ${reason}` : REVIEW_UPDATE_FAILED,
            })
          },
        },
      ),
    )

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <span>{onFinalStep ? 'Overall rating' : `Question ${step + 1} of ${questions.length}`}</span>
          <span>
            Step {step + 1} of {last + 1}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Review progress"
          aria-valuemin={1}
          aria-valuemax={last + 1}
          aria-valuenow={step + 1}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${((step + 1) / (last + 1)) * 100}%` }} />
        </div>
      </div>

      {question && !onFinalStep ? (
        <section ref={stepSection} data-wizard-step aria-labelledby="wizard-question" className="flex flex-col gap-3">
          <h3 id="wizard-question" className="font-medium">
            {question.question}
            {question.required && (
              <span className="text-destructive" aria-label="required">
                {' '}
                *
              </span>
            )}
          </h3>
          <AnswerInput
            question={question}
            value={answers[question.id]}
            onChange={(value) => setAnswers((prev) => ({ ...prev, [question.id]: value }))}
          />
          {!currentValid && question.required && (
            <p className="text-xs text-muted-foreground">This question is required.</p>
          )}
        </section>
      ) : (
        <section ref={stepSection} data-wizard-step aria-labelledby="wizard-overall" className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h3 id="wizard-overall" className="font-medium">
              Overall rating
            </h3>
            <ChoiceList
              name="overall-rating"
              label="Overall rating"
              value={rating}
              onChange={(value) => setChosenRating(Number(value))}
              choices={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))}
              className="[&>label]:size-11"
            />
            <p className="text-xs text-muted-foreground">
              {chosenRating === null
                ? 'Filled in from the average of the rating answers; choose another to override it.'
                : '1 is the lowest, 5 the highest.'}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="reviewer-notes">Reviewer notes</Label>
            <Textarea
              id="reviewer-notes"
              rows={4}
              maxLength={5000}
              placeholder="Anything else the employee or HR should know"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
        </section>
      )}

      <DialogFooter className="gap-2 sm:justify-between">
        <Button variant="outline" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          <ChevronLeft aria-hidden="true" />
          Back
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {formStatus !== 'completed' && (
            <Button variant="secondary" disabled={update.isPending} onClick={() => save('in_progress')}>
              Save as Draft
            </Button>
          )}
          {onFinalStep ? (
            <Button disabled={!allValid || update.isPending} onClick={() => save('completed')}>
              {update.isPending ? 'Saving...' : formStatus === 'completed' ? 'Save Changes' : 'Complete Review'}
            </Button>
          ) : (
            <Button disabled={!currentValid} onClick={() => setStep((s) => s + 1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </DialogFooter>
    </div>
  )
}

function DiscardChanges({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>This review has changes that are not saved. Close it and lose them?</p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" autoFocus onClick={onKeep}>
          Keep Editing
        </Button>
        <Button variant="destructive" size="sm" onClick={onDiscard}>
          Discard Changes
        </Button>
      </div>
    </div>
  )
}

interface ReviewWizardProps {
  /** The review to open; the dialog is closed when null. */
  reviewId: number | null
  role: Role
  onOpenChange: (open: boolean) => void
}

/** A review shown read-only; `onEdit`, when given, reopens a completed one for editing. */
function ViewedReview({ review, onEdit }: { review: Review; onEdit?: () => void }) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{humanize(review.reviewType)}</Badge>
        <Badge variant="secondary">{humanize(review.status)}</Badge>
      </div>
      <ReadOnlyReview review={review} />
      {onEdit && (
        <DialogFooter>
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit Review
          </Button>
        </DialogFooter>
      )}
    </>
  )
}

/**
 * Complete or View Review: one step per question, then the overall rating.
 * Completed reviews open read-only; an admin may reopen them for editing (the server allows
 * only admins to change a completed review).
 */
export function ReviewWizard({ reviewId, role, onOpenChange }: ReviewWizardProps) {
  const { data: review, isPending, isError } = useReview(reviewId)
  const [editingCompleted, setEditingCompleted] = useState(false)
  const unsaved = useRef(false)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const closeNow = () => {
    setEditingCompleted(false)
    unsaved.current = false
    setConfirmingDiscard(false)
    onOpenChange(false)
  }
  // Escape, the close button or a click outside: unsaved answers are not dropped without asking.
  const close = (open: boolean) => {
    if (open) onOpenChange(true)
    else if (unsaved.current && !confirmingDiscard) setConfirmingDiscard(true)
    else if (confirmingDiscard) setConfirmingDiscard(false) // Escape again: back to the answers
    else closeNow()
  }
  const completed = review?.status === 'completed'
  const readOnly = review !== undefined && (!canFillReviews(role) || (completed && !editingCompleted))

  return (
    <Dialog open={reviewId !== null} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
        onKeyDown={loopShiftTabFromFirstGroup}
        onOpenAutoFocus={(event) => {
          // Opened on a step: start at its question's answer rather than at the close button.
          const step = (event.currentTarget as HTMLElement | null)?.querySelector('[data-wizard-step]')
          if (focusAnswer(step)) event.preventDefault()
        }}
      >
        <DialogHeader>
          <DialogTitle>{readOnly ? 'View Review' : 'Complete Review'}</DialogTitle>
          <DialogDescription>
            {review
              ? `${employeeName(review)} · ${review.template?.name ?? 'Review'} · due ${formatDate(review.dueDate)}`
              : 'Loading the review'}
          </DialogDescription>
        </DialogHeader>
        {isPending && reviewId !== null ? (
          <Spinner label="Loading review" />
        ) : isError || !review ? (
          <p role="alert" className="text-sm text-muted-foreground">
            The review could not be loaded right now.
          </p>
        ) : readOnly ? (
          <ViewedReview review={review} onEdit={completed && role === 'admin' ? () => setEditingCompleted(true) : undefined} />
        ) : (
          <>
            <WizardSteps key={review.id} review={review} onDone={closeNow} unsavedRef={unsaved} />
            {confirmingDiscard && <DiscardChanges onKeep={() => setConfirmingDiscard(false)} onDiscard={closeNow} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
