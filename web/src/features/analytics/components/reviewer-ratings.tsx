import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import type { CycleAnalytics, ReviewerRatings } from '../api/cycle-analytics'
import { RATING_COLORS, averageText } from './cycle-charts'

type Distribution = ReviewerRatings['distribution']

/** "+1.42", "-0.50", "0.00": how far from the cycle's average. */
export const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2))

/** The share of each rating as one thin bar, its counts said in words for screen readers. */
function DistributionBar({ distribution }: { distribution: Distribution }) {
  const total = distribution.reduce((sum, r) => sum + r.count, 0)
  const words = distribution.map((r) => `${r.rating}: ${r.count}`).join(', ')
  return (
    <div className="flex h-2.5 w-28 overflow-hidden rounded-full bg-muted" title={words}>
      <span className="sr-only">{words}</span>
      {distribution.map((r) =>
        r.count === 0 ? null : (
          <span
            key={r.rating}
            aria-hidden="true"
            style={{ width: `${(100 * r.count) / total}%`, backgroundColor: RATING_COLORS[r.rating - 1] }}
          />
        ),
      )}
    </div>
  )
}

function LeaningBadge({ reviewer }: { reviewer: ReviewerRatings }) {
  if (reviewer.tooFew) return <Badge variant="outline">Too few to judge</Badge>
  if (reviewer.leaning === 'lenient') return <Badge className="bg-amber-500 text-white">Lenient</Badge>
  if (reviewer.leaning === 'harsh') return <Badge variant="destructive">Harsh</Badge>
  return null
}

const ROW_TINT: Record<string, string> = {
  lenient: 'bg-amber-500/10',
  harsh: 'bg-destructive/10',
}

function ReviewerRow({ reviewer }: { reviewer: ReviewerRatings }) {
  return (
    <tr className={cn('border-t', reviewer.leaning ? ROW_TINT[reviewer.leaning] : undefined)}>
      <th scope="row" className="px-3 py-2 text-left font-medium">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{reviewer.reviewerName}</span>
          <LeaningBadge reviewer={reviewer} />
        </div>
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{reviewer.count}</td>
      <td className="px-3 py-2 text-right tabular-nums">{averageText(reviewer.average)}</td>
      <td className={cn('px-3 py-2 text-right tabular-nums', reviewer.tooFew && 'text-muted-foreground')}>
        {signed(reviewer.difference)}
      </td>
      <td className="hidden px-3 py-2 sm:table-cell">
        <DistributionBar distribution={reviewer.distribution} />
      </td>
    </tr>
  )
}

/**
 * Each named reviewer's ratings against the cycle's average. Those whose average sits far above
 * or below it stand out (tinted, with a badge); a reviewer with too few rated reviews is shown
 * but not judged.
 */
export function ReviewerRatingsPanel({ data }: { data: CycleAnalytics }) {
  const reviewers = data.ratingsByReviewer
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ratings by Reviewer</CardTitle>
        <CardDescription>
          Each reviewer&apos;s average against the cycle&apos;s ({averageText(data.average)}). Lenient or harsh:{' '}
          {data.leaningThreshold} or more away from it; fewer than {data.minRated} rated reviews are too few to
          judge.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {reviewers.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No ratings yet</p>
        ) : (
          <div className="max-h-[28rem] overflow-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">Ratings by Reviewer</caption>
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Reviewer</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Rated</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Average</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">vs. cycle</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">Ratings 1–5</th>
                </tr>
              </thead>
              <tbody>
                {reviewers.map((r) => (
                  <ReviewerRow key={r.reviewerUserId ?? 'none'} reviewer={r} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
