import { ArrowLeft, CircleCheck, EyeOff, Lock } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ChoiceList } from '@/components/ui/choice-list'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import { toast } from '@/lib/use-toast'
import { useAnswerFeedback, useFeedbackRequest, type FeedbackRequest } from '../api/feedback-request'
import { COMMENT_MAX, FEEDBACK_THRESHOLD, isClosed, isRating } from '../lib/feedback-rules'

const RATINGS = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))

function AnonymityNote() {
  return (
    <p className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Your answer is shown to the reviewer without your name, and only once at least {FEEDBACK_THRESHOLD} colleagues have
        answered, together with theirs.
      </span>
    </p>
  )
}

function About({ request }: { request: FeedbackRequest }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">About</dt>
        <dd className="font-medium [overflow-wrap:anywhere]">
          {request.employeeName}
          {request.position && <span className="block font-normal text-muted-foreground">{request.position}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Review cycle</dt>
        <dd className="font-medium">
          {request.cycleName ?? 'Review'}
          {request.kind && <span className="block font-normal text-muted-foreground">{humanize(request.kind)} feedback</span>}
        </dd>
      </div>
      {request.due && (
        <div>
          <dt className="text-muted-foreground">Answer by</dt>
          <dd className="font-medium">{formatDate(request.due)}</dd>
        </div>
      )}
    </dl>
  )
}

/** Why the request is closed, in the server's words when it gave them. */
function closedReason(request: FeedbackRequest): string {
  if (request.closedReason) return request.closedReason
  return request.due ? `Answers were due by ${formatDate(request.due)}.` : 'Feedback for this review is closed.'
}

/** The answer as given, or why none can be given any more. */
function ReadOnlyAnswer({ request }: { request: FeedbackRequest }) {
  if (!request.answeredAt) {
    return (
      <div role="status" className="flex gap-3 rounded-lg border border-dashed bg-muted/40 p-4 text-sm">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="font-medium">This request is closed: feedback can no longer be given.</p>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{closedReason(request)}</p>
        </div>
      </div>
    )
  }
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border p-4 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck aria-hidden="true" className="size-4 text-primary" />
        You answered on {formatDate(request.answeredAt)}. Thank you.
      </p>
      <dl className="grid gap-2">
        <div>
          <dt className="text-muted-foreground">Your rating</dt>
          <dd>{request.rating != null ? `${request.rating} / 5` : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Your comment</dt>
          <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{request.comment || 'None'}</dd>
        </div>
      </dl>
    </div>
  )
}

function AnswerForm({ request }: { request: FeedbackRequest }) {
  const [rating, setRating] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const answer = useAnswerFeedback(request.id)
  const submit = () => {
    if (!isRating(rating)) return
    setFailure(null)
    answer.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => toast({ title: 'Feedback sent', description: 'Thank you for your answer.' }),
        onError: (error) => setFailure(errorMessage(error, 'Your feedback could not be sent. Please try again.')),
      },
    )
  }
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Your feedback"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Rating</legend>
        <ChoiceList
          name="feedback-rating"
          label="Rating"
          choices={RATINGS}
          value={rating}
          onChange={(v) => setRating(Number(v))}
          className="[&>label]:size-11"
        />
        <p className="text-xs text-muted-foreground">1 is the lowest, 5 the highest.</p>
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor="feedback-comment">Comment (optional)</Label>
        <Textarea
          id="feedback-comment"
          rows={5}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder="What do they do well, and what could they do better?"
        />
      </div>
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive">
          {failure}
        </p>
      )}
      <p className="text-xs text-muted-foreground">Feedback is sent once: it cannot be changed afterwards.</p>
      <Button type="submit" className="w-full sm:w-auto sm:self-end" disabled={!isRating(rating) || answer.isPending}>
        {answer.isPending ? 'Sending...' : 'Send Feedback'}
      </Button>
    </form>
  )
}

export function feedbackFailure(error: unknown): string {
  if (errorStatus(error) === 404) return 'This feedback request does not exist, or it was not sent to you.'
  return errorMessage(error, 'The feedback request could not be loaded. Please try again in a moment.')
}

function FeedbackCard({ request }: { request: FeedbackRequest }) {
  const done = Boolean(request.answeredAt) || isClosed(request)
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        {request.answeredAt ? (
          <Badge>Answered</Badge>
        ) : done ? (
          <Badge variant="secondary">Closed</Badge>
        ) : (
          <Badge variant="outline">Waiting for your answer</Badge>
        )}
      </div>
      <About request={request} />
      {(request.answeredAt || !done) && <AnonymityNote />}
      {done ? <ReadOnlyAnswer request={request} /> : <AnswerForm request={request} />}
    </Card>
  )
}

/** /feedback/:id: a colleague rates the person reviewed and comments, once. */
export default function FeedbackPage({ requestId }: { requestId: number }) {
  const query = useFeedbackRequest(requestId)
  return (
    <>
      <PageHeader title="Give Feedback" subtitle={query.data ? `About ${query.data.employeeName}` : undefined} />
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <Link href="/my-reviews" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          My Reviews
        </Link>
        {query.isPending ? (
          <Spinner label="Loading the feedback request" />
        ) : query.data ? (
          <FeedbackCard request={query.data} />
        ) : (
          <Card role="alert" className="p-6 text-sm">
            {feedbackFailure(query.error)}
          </Card>
        )}
      </div>
    </>
  )
}
