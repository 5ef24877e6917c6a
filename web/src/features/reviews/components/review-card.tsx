import { CalendarDays, CircleCheck, Star } from 'lucide-react'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatDate, getInitials, humanize } from '@/lib/format'
import type { Review } from '../api/get-reviews'

export const STATUS_VARIANT: Record<Review['status'], NonNullable<BadgeProps['variant']>> = {
  pending: 'outline',
  in_progress: 'secondary',
  completed: 'default',
}

/**
 * What opening a review does, said on its button: a review nobody has started is started, one
 * in progress is continued, and a completed one, or any one this account cannot fill in, is
 * only viewed.
 */
export function reviewAction(status: Review['status'], canFill: boolean): 'Start Review' | 'Continue Review' | 'View Review' {
  if (!canFill || status === 'completed') return 'View Review'
  return status === 'pending' ? 'Start Review' : 'Continue Review'
}

export function ReviewCard({ review, canFill, onOpen }: { review: Review; canFill: boolean; onOpen: () => void }) {
  const e = review.employee
  const name = e ? `${e.firstName} ${e.lastName}` : 'Unknown employee'
  const completed = review.status === 'completed'
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
      >
        {getInitials(e?.firstName, e?.lastName)}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{name}</h2>
          <Badge variant="outline">{humanize(review.reviewType)}</Badge>
          <Badge variant={STATUS_VARIANT[review.status]}>{humanize(review.status)}</Badge>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>{review.template?.name ?? 'Review'}</span>
          {e?.department && <span>{humanize(e.department)}</span>}
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            Due {formatDate(review.dueDate)}
          </span>
          {completed && review.completedAt && (
            <span className="inline-flex items-center gap-1">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              Completed {formatDate(review.completedAt)}
            </span>
          )}
          {review.rating != null && (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-3.5" />
              {review.rating}/5
            </span>
          )}
        </p>
      </div>
      <Button variant={completed || !canFill ? 'outline' : 'default'} onClick={onOpen}>
        {reviewAction(review.status, canFill)}
      </Button>
    </Card>
  )
}
