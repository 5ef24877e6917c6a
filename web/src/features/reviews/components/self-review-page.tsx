import { ArrowLeft, CircleCheck } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { toast } from '@/lib/use-toast'
import type { ReviewQuestion } from '../api/get-reviews'
import { useSaveSelfReview, useSelfReview, type SelfReview } from '../api/self-review'
import { answerText, cleanAnswers, currentAnswers, isAnswerValid } from '../lib/review-rules'
import { AnswerInput } from './answer-input'

function SubmittedAnswers({ questions, responses }: { questions: ReviewQuestion[]; responses: Record<string, unknown> }) {
  return (
    <ol className="flex flex-col gap-3 [overflow-wrap:anywhere]">
      {questions.map((q, i) => (
        <li key={q.id} className="rounded-lg border p-4">
          <p className="text-sm font-medium">
            {i + 1}. {q.question}
          </p>
          <p className="mt-1 whitespace-pre-wrap text-sm text-muted-foreground">{answerText(q, responses[q.id])}</p>
        </li>
      ))}
    </ol>
  )
}

interface QuestionFieldProps {
  question: ReviewQuestion
  index: number
  value: unknown
  onChange: (value: unknown) => void
}

function QuestionField({ question, index, value, onChange }: QuestionFieldProps) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 className="font-medium">
        {index + 1}. {question.question}
        {question.required && (
          <span className="text-destructive" aria-label="required">
            {' '}
            *
          </span>
        )}
      </h2>
      <AnswerInput question={question} value={value} onChange={onChange} />
    </li>
  )
}

function ConfirmSubmit({ busy, onKeep, onSubmit }: { busy: boolean; onKeep: () => void; onSubmit: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary-soft/40 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>Submit your self-review? Once submitted it cannot be changed, and your reviewer reads it beside their review.</p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onKeep} disabled={busy}>
          Keep Editing
        </Button>
        <Button size="sm" autoFocus onClick={onSubmit} disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </div>
  )
}

/** The self-review being written: every question on one page, saved as a draft or submitted. */
function SelfReviewForm({ selfReview }: { selfReview: SelfReview }) {
  const questions = selfReview.questions
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => currentAnswers(questions, selfReview.responses ?? {}))
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const save = useSaveSelfReview(selfReview.reviewId)
  const complete = questions.every((q) => isAnswerValid(q, answers[q.id]))
  const send = (submit: boolean) => {
    setFailure(null)
    save.mutate(
      { responses: cleanAnswers(answers), submit },
      {
        onSuccess: () => {
          setConfirming(false)
          toast({ title: submit ? 'Self-review submitted' : 'Draft saved', description: submit ? 'Your reviewer can now read it.' : undefined })
        },
        onError: (error) => {
          setConfirming(false)
          setFailure(errorMessage(error, 'Your self-review could not be saved. Please try again.'))
        },
      },
    )
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()} aria-label="Self-review">
      <ol className="flex flex-col gap-3">
        {questions.map((q, i) => (
          <QuestionField
            key={q.id}
            question={q}
            index={i}
            value={answers[q.id]}
            onChange={(value) => setAnswers((prev) => ({ ...prev, [q.id]: value }))}
          />
        ))}
      </ol>
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive">
          {failure}
        </p>
      )}
      {!complete && <p className="text-xs text-muted-foreground">Answer the questions marked * to submit; a draft can be saved at any time.</p>}
      {confirming ? (
        <ConfirmSubmit busy={save.isPending} onKeep={() => setConfirming(false)} onSubmit={() => send(true)} />
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={save.isPending} onClick={() => send(false)}>
            {save.isPending ? 'Saving...' : 'Save Draft'}
          </Button>
          <Button disabled={!complete || save.isPending} onClick={() => setConfirming(true)}>
            Submit Self-Review
          </Button>
        </div>
      )}
    </form>
  )
}

function SelfReviewHeading({ selfReview }: { selfReview: SelfReview }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {selfReview.cycleName && <Badge variant="outline">{selfReview.cycleName}</Badge>}
        {selfReview.submittedAt ? (
          <Badge>
            <CircleCheck aria-hidden="true" className="mr-1 size-3" />
            Submitted {formatDate(selfReview.submittedAt)}
          </Badge>
        ) : (
          <Badge variant="secondary">Draft</Badge>
        )}
      </div>
      {selfReview.due && !selfReview.submittedAt && <p className="text-sm text-muted-foreground">Due {formatDate(selfReview.due)}</p>}
    </div>
  )
}

/** Why the self-review did not open: not the reader's own (404 like a missing one), or another failure. */
export function selfReviewFailure(error: unknown): string {
  if (errorStatus(error) === 404) return 'This self-review does not exist, or it is not yours: only the person reviewed writes their self-review.'
  return errorMessage(error, 'Your self-review could not be loaded. Please try again in a moment.')
}

/** /reviews/:id/self: the employee's own answers to the self-review questions of a review cycle. */
export default function SelfReviewPage({ reviewId }: { reviewId: number }) {
  const query = useSelfReview(reviewId)
  const selfReview = query.data
  return (
    <>
      <PageHeader title="Self-Review" subtitle={selfReview ? `Your answers for ${selfReview.cycleName ?? 'your review'}` : undefined} />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <Link href="/my-reviews" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          My Reviews
        </Link>
        {query.isPending ? (
          <Spinner label="Loading your self-review" />
        ) : !selfReview ? (
          <Card role="alert" className="p-6 text-sm">
            {selfReviewFailure(query.error)}
          </Card>
        ) : (
          <Card className="flex flex-col gap-4 p-4 sm:p-6">
            <SelfReviewHeading selfReview={selfReview} />
            {selfReview.submittedAt ? (
              <SubmittedAnswers questions={selfReview.questions} responses={selfReview.responses ?? {}} />
            ) : (
              <SelfReviewForm key={selfReview.reviewId} selfReview={selfReview} />
            )}
          </Card>
        )}
      </div>
    </>
  )
}
