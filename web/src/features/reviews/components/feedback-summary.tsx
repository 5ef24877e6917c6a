import { MessageSquarePlus, UsersRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { MAX_ASKED, useReviewFeedback, type FeedbackSummary } from '../api/feedback'
import { AskFeedbackDialog } from './ask-feedback-dialog'

/** The line said while the summary is held back, so no one answer can be told apart. */
export function heldBackText(summary: Pick<FeedbackSummary, 'answered' | 'threshold'>): string {
  return `Feedback shows once ${summary.threshold} colleagues have answered (${summary.answered} so far).`
}

function Distribution({ ratings, answered }: { ratings: Record<string, number>; answered: number }) {
  return (
    <ul aria-label="Ratings given" className="flex flex-col gap-1">
      {['5', '4', '3', '2', '1'].map((score) => {
        const n = ratings[score] ?? 0
        return (
          <li key={score} className="flex items-center gap-2 text-xs">
            <span className="w-3 text-right font-medium">{score}</span>
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <span className="block h-full bg-primary" style={{ width: `${answered ? (n / answered) * 100 : 0}%` }} />
            </span>
            <span className="w-[4.5rem] shrink-0 whitespace-nowrap text-muted-foreground">
              {n} {n === 1 ? 'answer' : 'answers'}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

function ShownFeedback({ summary }: { summary: FeedbackSummary }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Average rating <span className="font-semibold">{summary.averageRating != null ? summary.averageRating.toFixed(1) : '—'}</span> / 5
      </p>
      {summary.ratings && <Distribution ratings={summary.ratings} answered={summary.answered} />}
      {summary.comments.length > 0 && (
        <ul aria-label="Comments" className="flex flex-col gap-2">
          {summary.comments.map((comment, i) => (
            <li key={i} className="whitespace-pre-wrap rounded-md bg-muted/50 p-2 text-sm [overflow-wrap:anywhere]">
              {comment}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Who was asked (never who answered), and 'Ask for Feedback' while fewer than five are and the
 * answers do not show yet: one more colleague asked after that would be the author of the one
 * new answer (the server refuses it).
 */
function Asked({ summary, mayAsk, onAsk }: { summary: FeedbackSummary; mayAsk: boolean; onAsk: () => void }) {
  const full = summary.asked.length >= MAX_ASKED || summary.shown
  return (
    <div className="flex flex-col gap-2">
      {summary.asked.length > 0 && (
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          Asked: {summary.asked.map((colleague) => colleague.employeeName).join(', ')}
        </p>
      )}
      {mayAsk && !full && (
        <Button variant="outline" size="sm" className="w-fit" onClick={onAsk}>
          <MessageSquarePlus aria-hidden="true" />
          Ask for Feedback
        </Button>
      )}
    </div>
  )
}

interface FeedbackSectionProps {
  reviewId: number
  employeeId: number
  /** The reader may ask colleagues (the review is still being written). */
  mayAsk: boolean
}

/** The colleagues' feedback on the review: count, and once enough have answered, the summary. */
export function FeedbackSection({ reviewId, employeeId, mayAsk }: FeedbackSectionProps) {
  const query = useReviewFeedback(reviewId, true)
  const [asking, setAsking] = useState(false)
  // Not the reader's to see (their own review, or another's): the section is left out.
  const refused = [403, 404].includes(errorStatus(query.error) ?? 0)
  if (query.isError && refused) return null
  const summary = query.data
  return (
    <section aria-labelledby={`feedback-${reviewId}`} className="flex flex-col gap-3">
      <h3 id={`feedback-${reviewId}`} className="flex items-center gap-2 text-sm font-semibold">
        <UsersRound aria-hidden="true" className="size-4 text-primary" />
        Colleagues&apos; feedback
      </h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading feedback...</p>
      ) : !summary ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, 'Feedback could not be loaded right now.')}
        </p>
      ) : (
        <>
          <p className="text-sm">
            {summary.requested === 0 ? 'No colleague has been asked yet.' : `${summary.answered} of ${summary.requested} asked have answered.`}
          </p>
          {summary.shown ? (
            <ShownFeedback summary={summary} />
          ) : (
            summary.requested > 0 && <p className="text-sm text-muted-foreground">{heldBackText(summary)}</p>
          )}
          <Asked summary={summary} mayAsk={mayAsk} onAsk={() => setAsking(true)} />
        </>
      )}
      {asking && summary && (
        <AskFeedbackDialog
          reviewId={reviewId}
          employeeId={employeeId}
          asked={summary.asked.map((colleague) => colleague.employeeId)}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  )
}
