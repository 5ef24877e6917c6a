import { Pencil } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorStatus } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import { can, reachesEmployee, useViewer, type Access, type Viewer } from '@/lib/access'
import { cn } from '@/lib/utils'
import { useReview, type Review, type ReviewDetail } from '../api/get-reviews'
import { useAccountId } from '../api/review-stage'
import { answerText } from '../lib/review-rules'
import { hasReviewContext, mayOnReview, ReviewContext } from './review-context'
import { AcknowledgeReview, ReopenWithReason, SharingState, ShareWithEmployee } from './review-stage-actions'
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

interface ViewedReviewProps {
  review: ReviewDetail
  accountId: string | null
  /** Reopens a completed review for editing (an admin; not once the employee has acknowledged it). */
  onEdit?: () => void
  /** What the reader may do with the review in a cycle that shares it with the employee. */
  may: { share: boolean; acknowledge: boolean; reopen: boolean }
}

/** A review shown read-only, with sharing, acknowledging and reopening where the reader may. */
function ViewedReview({ review, accountId, onEdit, may }: ViewedReviewProps) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{humanize(review.reviewType)}</Badge>
        <Badge variant="secondary">{humanize(review.status)}</Badge>
        {review.cycleName && <Badge variant="outline">{review.cycleName}</Badge>}
      </div>
      <ReadOnlyReview review={review} />
      {/* Read afterwards too (HR, the reviewer); the employee's own review never shows it. */}
      <ReviewContext review={review} accountId={accountId} writing={false} />
      <SharingState review={review} />
      {may.acknowledge && <AcknowledgeReview review={review} />}
      {may.share && <ShareWithEmployee review={review} />}
      {may.reopen && <ReopenWithReason review={review} />}
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
 * Whether the reader fills this review in: by their reach over the employee, or as its named
 * reviewer (the account the server names on the review).
 */
export function mayFillReview(
  viewer: Pick<Viewer, 'access' | 'employeeId'>,
  review: Pick<Review, 'employeeId' | 'reviewerUserId'>,
  accountId: string | null,
): boolean {
  if (reachesEmployee(viewer, 'reviews.fill', review.employeeId)) return true
  const assigned = viewer.access['reviews.fill']?.includes('assigned') ?? false
  return assigned && accountId !== null && review.reviewerUserId === accountId
}

/** What the reader may do with a review once written: share it, acknowledge it, reopen it. */
export function stageActions(viewer: Pick<Viewer, 'access' | 'employeeId'>, review: ReviewDetail, mayFill: boolean) {
  const own = viewer.employeeId !== null && viewer.employeeId === review.employeeId
  return {
    share: mayFill && !own && review.stage === 'sharing',
    acknowledge: own && Boolean(review.sharedAt) && !review.acknowledgedAt,
    reopen: Boolean(review.locked) && can(viewer.access, 'reviews.change_completed'),
  }
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

/** What the reader may do with the review: fill it in or only read it, and whether the context panel widens the dialog. */
function useReviewAccess(review: ReviewDetail | undefined, editingCompleted: boolean) {
  const viewer = useViewer()
  // The account id is asked for only by a reader whose rules reach the reviews they are named on.
  const accountId = useAccountId(
    (['reviews.fill', 'feedback.read'] as const).some((rule) => viewer.access[rule]?.includes('assigned')),
  )
  const completed = review?.status === 'completed'
  const mayFill = review !== undefined && mayFillReview(viewer, review, accountId)
  const readOnly = review !== undefined && (!mayFill || (completed && !editingCompleted))
  const own = review !== undefined && viewer.employeeId !== null && viewer.employeeId === review.employeeId
  // The self-review and feedback sit beside the questions: the dialog is wider for them.
  const wide =
    review !== undefined &&
    !readOnly &&
    Object.values(hasReviewContext(review, mayOnReview(viewer.access, 'feedback.read', review, accountId), own)).some(Boolean)
  return { accountId, completed, mayFill, readOnly, wide }
}

/** The dialog's closing: straight away, or after asking when answers are not saved. */
function useWizardClose(onOpenChange: (open: boolean) => void) {
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
  return { editingCompleted, setEditingCompleted, unsaved, confirmingDiscard, setConfirmingDiscard, closeNow, close }
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
  const { editingCompleted, setEditingCompleted, unsaved, confirmingDiscard, setConfirmingDiscard, closeNow, close } =
    useWizardClose(onOpenChange)
  const { accountId, completed, mayFill, readOnly, wide } = useReviewAccess(review, editingCompleted)
  const heading = useWizardHeading(query, readOnly)

  return (
    <Dialog open={reviewId !== null} onOpenChange={close}>
      <DialogContent
        className={cn('max-w-2xl', wide && 'lg:max-w-5xl')}
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
          <ViewedReview
            review={review}
            accountId={accountId}
            onEdit={completed && !review.locked && can(viewer.access, 'reviews.change_completed') ? () => setEditingCompleted(true) : undefined}
            may={stageActions(viewer, review, mayFill)}
          />
        ) : (
          <div className={cn('flex flex-col gap-4', wide && 'lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6')}>
            <div className="order-2 flex min-w-0 flex-col gap-4 lg:order-1">
              <WizardSteps key={review.id} review={review} onDone={closeNow} unsavedRef={unsaved} />
              {confirmingDiscard && <DiscardChanges onKeep={() => setConfirmingDiscard(false)} onDiscard={closeNow} />}
            </div>
            <div className="order-1 lg:order-2">
              <ReviewContext review={review} accountId={accountId} writing={!completed} />
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
