import { ChevronDown, NotebookText } from 'lucide-react'
import { useState } from 'react'
import { useViewer, type Permission, type Viewer } from '@/lib/access'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { ReviewDetail as Review } from '../api/get-reviews'
import { answerText } from '../lib/review-rules'
import { FeedbackSection } from './feedback-summary'

function SelfReviewAnswers({ review }: { review: Review }) {
  const questions = review.selfQuestions ?? []
  const responses = (review.selfResponses ?? {}) as Record<string, unknown>
  return (
    <section aria-labelledby={`self-${review.id}`} className="flex flex-col gap-2">
      <h3 id={`self-${review.id}`} className="flex items-center gap-2 text-sm font-semibold">
        <NotebookText aria-hidden="true" className="size-4 text-primary" />
        Employee&apos;s self-review
      </h3>
      {!review.selfSubmittedAt ? (
        <p className="text-sm text-muted-foreground">Not submitted yet.</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">Submitted {formatDate(review.selfSubmittedAt)}</p>
          <ol className="flex flex-col gap-2 [overflow-wrap:anywhere]">
            {questions.map((q) => (
              <li key={q.id} className="text-sm">
                <p className="font-medium">{q.question}</p>
                <p className="whitespace-pre-wrap text-muted-foreground">{answerText(q, responses[q.id])}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}

/**
 * What the reviewer reads beside the questions: the self-review (when the cycle has one and the
 * reader may see it) and the colleagues' feedback (when the reader may read it; the person
 * reviewed never does).
 */
export function hasReviewContext(review: Review, mayReadFeedback: boolean, ownReview: boolean): { self: boolean; feedback: boolean } {
  if (review.cycleId == null) return { self: false, feedback: false }
  return {
    self: !ownReview && review.selfResponses !== null && review.selfResponses !== undefined,
    feedback: mayReadFeedback && !ownReview,
  }
}

/**
 * Whether a feedback rule covers this review: every review's, or (assigned) the reviews the
 * reader's account is the named reviewer of.
 */
export function mayOnReview(
  access: Viewer['access'],
  permission: Extract<Permission, 'feedback.read' | 'feedback.request'>,
  review: Pick<Review, 'reviewerUserId'>,
  accountId: string | null,
): boolean {
  const rules = access[permission] ?? []
  if (rules.includes('all')) return true
  return rules.includes('assigned') && accountId !== null && review.reviewerUserId === accountId
}

interface ReviewContextProps {
  review: Review
  /** The reader's account, to tell whether they are the review's named reviewer. */
  accountId: string | null
  /** The review is being written: colleagues may still be asked. */
  writing: boolean
}

/** The panel's content, shown beside the questions on wide screens and folded above them on phones. */
export function ReviewContext({ review, accountId, writing }: ReviewContextProps) {
  const viewer = useViewer()
  const [open, setOpen] = useState(false)
  const own = viewer.employeeId !== null && viewer.employeeId === review.employeeId
  const shown = hasReviewContext(review, mayOnReview(viewer.access, 'feedback.read', review, accountId), own)
  const mayAsk = writing && mayOnReview(viewer.access, 'feedback.request', review, accountId)
  if (!shown.self && !shown.feedback) return null
  return (
    <aside
      aria-label="Self-review and feedback"
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 lg:max-h-[70dvh] lg:overflow-y-auto lg:p-4"
    >
      <button
        type="button"
        className="flex items-center justify-between gap-2 text-sm font-medium lg:hidden"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        Self-review and feedback
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div className={cn('flex-col gap-5', open ? 'flex' : 'hidden', 'lg:flex')}>
        {shown.self && <SelfReviewAnswers review={review} />}
        {shown.feedback && <FeedbackSection reviewId={review.id} employeeId={review.employeeId} mayAsk={mayAsk} />}
      </div>
    </aside>
  )
}
