import { Lock, Send } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useViewer } from '@/lib/access'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { toast } from '@/lib/use-toast'
import type { ReviewDetail as Review } from '../api/get-reviews'
import { REASON_MAX, reasonProblem, useAcknowledgeReview, useReopenReview, useShareReview } from '../api/review-stage'

/** Where a review stands with the employee: shared, acknowledged (locked), with their comment. */
export function SharingState({ review }: { review: Review }) {
  const { employeeId } = useViewer()
  if (!review.sharedAt && !review.acknowledgedAt) return null
  // The employee reads their own words as theirs; everyone else as the employee's.
  const own = employeeId !== null && employeeId === review.employeeId
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap gap-2">
        {review.sharedAt && <Badge variant="outline">Shared {formatDate(review.sharedAt)}</Badge>}
        {review.acknowledgedAt && (
          <Badge>
            <Lock aria-hidden="true" className="mr-1 size-3" />
            Locked: acknowledged {formatDate(review.acknowledgedAt)}
          </Badge>
        )}
      </div>
      {review.acknowledgementComment && (
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
          <span className="font-medium">{own ? 'Your comment: ' : 'Employee\'s comment: '}</span>
          {review.acknowledgementComment}
        </p>
      )}
    </div>
  )
}

function Failure({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive">
      {message}
    </p>
  )
}

/** The reviewer (or HR) hands a completed review to the employee to read and acknowledge. */
export function ShareWithEmployee({ review }: { review: Review }) {
  const share = useShareReview(review.id)
  const [failure, setFailure] = useState<string | null>(null)
  const onShare = () => {
    setFailure(null)
    share.mutate(undefined, {
      onSuccess: () => toast({ title: 'Review shared', description: 'The employee can now read and acknowledge it.' }),
      onError: (error) => setFailure(errorMessage(error, 'The review could not be shared. Please try again.')),
    })
  }
  return (
    <div className="flex flex-col gap-2">
      <Button className="w-full sm:w-fit" disabled={share.isPending} onClick={onShare}>
        <Send aria-hidden="true" />
        {share.isPending ? 'Sharing...' : 'Share with Employee'}
      </Button>
      <Failure message={failure} />
    </div>
  )
}

/** The employee confirms they have read their review, with a comment if they wish. */
export function AcknowledgeReview({ review }: { review: Review }) {
  const acknowledge = useAcknowledgeReview(review.id)
  const [comment, setComment] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const onAcknowledge = () => {
    setFailure(null)
    acknowledge.mutate(comment, {
      onSuccess: () => toast({ title: 'Review acknowledged', description: 'Your reviewer has been told.' }),
      onError: (error) => setFailure(errorMessage(error, 'The review could not be acknowledged. Please try again.')),
    })
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3">
      <Label htmlFor={`ack-${review.id}`}>Your comment (optional)</Label>
      <Textarea id={`ack-${review.id}`} rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      <p className="text-xs text-muted-foreground">Acknowledging says you have read the review; it is locked from then on.</p>
      <Failure message={failure} />
      <Button className="w-full sm:w-fit" disabled={acknowledge.isPending} onClick={onAcknowledge}>
        {acknowledge.isPending ? 'Acknowledging...' : 'Acknowledge'}
      </Button>
    </div>
  )
}

/** An admin reopens an acknowledged review, giving the reason the audit trail keeps. */
export function ReopenWithReason({ review, onReopened }: { review: Review; onReopened?: () => void }) {
  const reopen = useReopenReview(review.id)
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const errorId = `reopen-reason-error-${review.id}`
  const onReopen = () => {
    const invalid = reasonProblem(reason)
    setProblem(invalid)
    if (invalid) return
    reopen.mutate(reason, {
      onSuccess: () => {
        toast({ title: 'Review reopened', description: 'It can be edited again; the reason is in the audit trail.' })
        setAsking(false)
        onReopened?.()
      },
      onError: (error) => setProblem(errorMessage(error, 'The review could not be reopened. Please try again.')),
    })
  }
  if (!asking) {
    return (
      <Button variant="outline" className="w-full sm:w-fit" onClick={() => setAsking(true)}>
        Reopen
      </Button>
    )
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3">
      <Label htmlFor={`reopen-${review.id}`}>Why reopen this acknowledged review?</Label>
      <Textarea
        id={`reopen-${review.id}`}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => setReason(e.target.value)}
        autoFocus
      />
      <FieldError id={errorId} message={problem ?? undefined} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => setAsking(false)} disabled={reopen.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onReopen} disabled={reopen.isPending}>
          {reopen.isPending ? 'Reopening...' : 'Reopen Review'}
        </Button>
      </div>
    </div>
  )
}
