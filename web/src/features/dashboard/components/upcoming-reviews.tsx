import { useDeferredValue } from 'react'
import { CalendarDays } from 'lucide-react'
import { Link } from 'wouter'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useAccess, widestReach } from '@/lib/access'
import { daysUntil, formatDate, getInitials, humanize } from '@/lib/format'
import { useDashboardStats } from '../api/get-dashboard-stats'
import { useUpcomingReviews, type UpcomingReview } from '../api/get-upcoming-reviews'

/** Overdue is destructive, due within 3 days secondary, otherwise outline. */
export function dueBadgeVariant(dueDate: string, now = new Date()): NonNullable<BadgeProps['variant']> {
  const days = daysUntil(dueDate, now)
  if (days < 0) return 'destructive'
  if (days <= 3) return 'secondary'
  return 'outline'
}

/**
 * The row's button says what opening the review does: an account that cannot fill reviews in
 * only views it; a review already started is continued.
 */
export function upcomingAction(review: UpcomingReview, canFill: boolean): 'View' | 'Start Review' | 'Continue Review' {
  if (!canFill) return 'View'
  return review.status === 'in_progress' ? 'Continue Review' : 'Start Review'
}

function ReviewRow({
  review,
  canFill,
  onStart,
}: {
  review: UpcomingReview
  canFill: boolean
  onStart?: (reviewId: number) => void
}) {
  const { firstName, lastName, department } = review.employee ?? {}
  const name = [firstName, lastName].filter(Boolean).join(' ') || 'Unknown employee'
  const overdue = daysUntil(review.dueDate) < 0
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
      >
        {getInitials(firstName, lastName)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
            {department && <span>{humanize(department)}</span>}
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <CalendarDays aria-hidden="true" className="size-3.5" />
              Due {formatDate(review.dueDate)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:flex-nowrap">
          {/* Said in words, not by the badge's colour alone. */}
          {overdue && <Badge variant="destructive">Overdue</Badge>}
          <Badge variant={overdue ? 'outline' : dueBadgeVariant(review.dueDate)}>{humanize(review.reviewType)}</Badge>
          <Button variant="outline" size="sm" onClick={() => onStart?.(review.id)}>
            {upcomingAction(review, canFill)}
          </Button>
        </div>
      </div>
    </li>
  )
}

/** Start Review opens the review wizard. */
/** Placeholder rows while the reviews load. */
function LoadingRows() {
  return (
    <ul aria-label="Loading upcoming reviews" className="flex flex-col gap-4">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The card says whose open reviews it lists, by the reader's reach. */
const UPCOMING_WHOSE = {
  all: 'Open reviews across the organization, by due date',
  line: 'Open reviews for your team, by due date',
  own: 'Your open reviews, by due date',
  none: 'Open reviews, by due date',
} as const

export function UpcomingReviews({
  onStartReview,
  canFill = true,
}: {
  onStartReview?: (reviewId: number) => void
  canFill?: boolean
}) {
  const access = useAccess()
  // The answer renders as a background update, in slices a slow phone's main thread can
  // interleave with input, rather than in one long task as it arrives.
  const { data, isPending, isError } = useDeferredValue(useUpcomingReviews())
  // The whole organisation's count: the list shows only the first few, most urgent first.
  const { data: stats } = useDashboardStats()
  const overdue = stats?.reviewsOverdue ?? 0

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upcoming Reviews</CardTitle>
        <CardDescription>
          {overdue > 0 ? (
            <>
              {overdue} overdue {overdue === 1 ? 'review' : 'reviews'}, listed first, then those coming due.{' '}
              <Link href="/reviews?overdue=true" className="font-medium text-primary underline-offset-4 hover:underline">
                See all overdue
              </Link>
            </>
          ) : (
            UPCOMING_WHOSE[widestReach(access, 'reviews.read')]
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={{ isPending, isError }}
          isEmpty={!data?.length}
          loading={<LoadingRows />}
          failed={
            <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
              Upcoming reviews could not be loaded right now.
            </p>
          }
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No upcoming reviews</p>}
        >
          {() => (
            <ul className="divide-y">
              {(data ?? []).map((review) => (
                <ReviewRow key={review.id} review={review} canFill={canFill} onStart={onStartReview} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}
