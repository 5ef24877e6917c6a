import { Pencil } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorStatus } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import { can, reachesEmployee, useViewer, type Access } from '@/lib/access'
import { useReview, type Review } from '../api/get-reviews'
import { answerText } from '../lib/review-rules'
import { focusAnswer, WizardSteps } from './wizard-steps'

export { REVIEW_UPDATE_FAILED } from './wizard-steps'

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
 * A review that answers 404 does not exist, or under need to know is outside the reader's reach
 * (the server answers both alike): say which reviews the reader sees rather than "try again".
 */
export function reviewNotFoundText(access: Access): { title: string; text: string } {
  const rules = access['reviews.read'] ?? []
  if (rules.includes('all')) return { title: 'Review not found', text: 'This review does not exist or has been deleted.' }
  const yours = rules.includes('line')
    ? 'the reviews of the people who report to you, and your own once completed'
    : rules.includes('own')
      ? 'your own reviews once they are completed'
      : 'no reviews'
  return {
    title: 'Not in your view',
    text: `This review is not one you can open: you see ${yours}. It may also have been deleted.`,
  }
}

type Loaded = ReturnType<typeof useReview>

/** The dialog's title and line under it, for each state of the review: loading, missing, failed, loaded. */
function useWizardHeading(query: Loaded, readOnly: boolean): { title: string; description: string } {
  const { access } = useViewer()
  const review = query.data
  if (review) {
    return {
      title: readOnly ? 'View Review' : 'Complete Review',
      description: `${employeeName(review)} · ${review.template?.name ?? 'Review'} · due ${formatDate(review.dueDate)}`,
    }
  }
  if (query.isError && errorStatus(query.error) === 404) {
    const { title, text } = reviewNotFoundText(access)
    return { title, description: text }
  }
  if (query.isError) return { title: 'Review could not be loaded', description: 'Please try again in a moment.' }
  return { title: 'Review', description: 'Loading the review' }
}

/**
 * Complete or View Review: one step per question, then the overall rating.
 * Completed reviews open read-only; an admin may reopen them for editing (the server allows
 * only admins to change a completed review).
 */
export function ReviewWizard({ reviewId, onOpenChange }: ReviewWizardProps) {
  const viewer = useViewer()
  const query = useReview(reviewId)
  const { data: review, isPending } = query
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
  const mayFill = review !== undefined && reachesEmployee(viewer, 'reviews.fill', review.employeeId)
  const readOnly = review !== undefined && (!mayFill || (completed && !editingCompleted))
  const mayChangeCompleted = can(viewer.access, 'reviews.change_completed')
  const heading = useWizardHeading(query, readOnly)

  return (
    <Dialog open={reviewId !== null} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
        // A review that did not open gets one plain Close button below the message instead.
        hideClose={!review && !isPending}
        onKeyDown={loopShiftTabFromFirstGroup}
        onOpenAutoFocus={(event) => {
          // Opened on a step: start at its question's answer rather than at the close button.
          const step = (event.currentTarget as HTMLElement | null)?.querySelector('[data-wizard-step]')
          if (focusAnswer(step)) event.preventDefault()
        }}
      >
        <DialogHeader>
          <DialogTitle>{heading.title}</DialogTitle>
          {/* Polite: the line changes from loading to the review, or to why it did not open. */}
          <DialogDescription aria-live="polite">{heading.description}</DialogDescription>
        </DialogHeader>
        {isPending && reviewId !== null ? (
          <Spinner label="Loading review" />
        ) : !review ? (
          <DialogFooter>
            <Button variant="outline" onClick={closeNow}>
              Close
            </Button>
          </DialogFooter>
        ) : readOnly ? (
          <ViewedReview review={review} onEdit={completed && mayChangeCompleted ? () => setEditingCompleted(true) : undefined} />
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
