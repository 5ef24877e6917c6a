import { ClipboardList } from 'lucide-react'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, humanize, parseDate } from '@/lib/format'
import { useEmployeeReviews, type ProfileReview } from '../api/get-employee-reviews'

const SHOWN_RESPONSES = 2

function time(value: string | null | undefined): number {
  if (!value) return 0
  const t = parseDate(value).getTime()
  return Number.isNaN(t) ? 0 : t
}

/**
 * In-progress and upcoming reviews by due date (soonest first), then completed
 * reviews newest first (by completion, else due date).
 */
export function orderReviews(reviews: readonly ProfileReview[]): ProfileReview[] {
  const open = reviews.filter((r) => r.status !== 'completed').sort((a, b) => time(a.dueDate) - time(b.dueDate))
  const done = reviews
    .filter((r) => r.status === 'completed')
    .sort((a, b) => time(b.completedAt ?? b.dueDate) - time(a.completedAt ?? a.dueDate))
  return [...open, ...done]
}

function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.map(answerText).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The first two answers with their questions, and how many more there are. */
export function summariseResponses(review: ProfileReview): { shown: { label: string; answer: string }[]; more: number } {
  const entries = Object.entries(review.responses ?? {})
  const questions = review.template?.questions ?? []
  const shown = entries.slice(0, SHOWN_RESPONSES).map(([id, value]) => ({
    label: questions.find((q) => q.id === id)?.question || `Question ${id}`,
    answer: answerText(value),
  }))
  return { shown, more: Math.max(0, entries.length - SHOWN_RESPONSES) }
}

function statusVariant(status: string): NonNullable<BadgeProps['variant']> {
  if (status === 'completed') return 'default'
  if (status === 'in_progress') return 'secondary'
  return 'outline'
}

function ReviewItem({ review }: { review: ProfileReview }) {
  const { shown, more } = summariseResponses(review)
  const completed = review.status === 'completed'
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{review.template?.name ?? `${humanize(review.reviewType)} Review`}</p>
        <Badge variant="outline">{humanize(review.reviewType)}</Badge>
        <Badge variant={statusVariant(review.status)}>{humanize(review.status)}</Badge>
      </div>
      <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
        <span>Due {formatDate(review.dueDate)}</span>
        {completed && review.completedAt && <span>Completed {formatDate(review.completedAt)}</span>}
        {completed && review.rating != null && <span>Rating {review.rating}/5</span>}
      </p>
      {shown.length > 0 && (
        <div className="flex flex-col gap-1.5 rounded-lg bg-muted/60 p-3 text-sm">
          <dl className="flex flex-col gap-1.5">
            {shown.map(({ label, answer }, i) => (
              <div key={i}>
                <dt className="font-medium">{label}</dt>
                <dd className="whitespace-pre-line text-muted-foreground">{answer}</dd>
              </div>
            ))}
          </dl>
          {more > 0 && (
            <p className="text-xs text-muted-foreground">
              +{more} more {more === 1 ? 'response' : 'responses'}
            </p>
          )}
        </div>
      )}
    </li>
  )
}

export function ReviewHistory({ employeeId }: { employeeId: number }) {
  const { data, isPending, isError } = useEmployeeReviews(employeeId)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList aria-hidden="true" className="size-4 text-primary" />
          Review History
        </CardTitle>
        <CardDescription>Open reviews by due date, then completed reviews</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={{ isPending, isError }}
          isEmpty={!data?.length}
          loading={
            <div role="status" aria-label="Loading reviews" className="flex flex-col gap-3">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-16 w-full" />
            </div>
          }
          failed={
            <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
              Reviews could not be loaded right now.
            </p>
          }
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No reviews yet</p>}
        >
          {() => (
            <ul aria-label="Reviews" className="divide-y">
              {orderReviews(data ?? []).map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}
