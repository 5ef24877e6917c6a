import { Send } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { CycleReview } from '../api/cycles'
import { STAGE_LABELS } from '../lib/labels'

export interface RowsProps {
  reviews: readonly CycleReview[]
  selected: ReadonlySet<number>
  onToggle: (id: number) => void
  onToggleAll: () => void
  /** Nudge one review's person; none once the cycle is closed. */
  onNudge?: (id: number) => void
}

export function StageBadge({ review }: { review: CycleReview }) {
  if (review.unfinished) return <Badge variant="destructive">Unfinished</Badge>
  return <Badge variant={review.stage === 'done' ? 'secondary' : 'outline'}>{STAGE_LABELS[review.stage]}</Badge>
}

function Due({ review }: { review: CycleReview }) {
  if (!review.stageDue) return <span className="text-muted-foreground">—</span>
  return (
    <span className={cn(review.overdue && 'font-semibold text-destructive')}>
      {formatDate(review.stageDue)}
      {review.overdue && ' · overdue'}
    </span>
  )
}

function Tick({ review, selected, onToggle }: { review: CycleReview } & Pick<RowsProps, 'selected' | 'onToggle'>) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${review.employeeName}`}
      checked={selected.has(review.reviewId)}
      onChange={() => onToggle(review.reviewId)}
    />
  )
}

function NudgeOne({ review, onNudge }: { review: CycleReview; onNudge?: (id: number) => void }) {
  if (!onNudge || review.stage === 'done') return null
  return (
    <Button variant="ghost" size="sm" onClick={() => onNudge(review.reviewId)} aria-label={`Nudge about ${review.employeeName}`}>
      <Send aria-hidden="true" /> Nudge
    </Button>
  )
}

/** The cycle's reviews one a row, on a screen wide enough for the table. */
export function ReviewTable({ reviews, selected, onToggle, onToggleAll, onNudge }: RowsProps) {
  const all = reviews.length > 0 && reviews.every((r) => selected.has(r.reviewId))
  return (
    <table aria-label="Reviews of the cycle" className="w-full text-left text-sm">
      <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="w-8 py-2 pr-2">
            <input type="checkbox" aria-label="Select all shown" checked={all} onChange={onToggleAll} />
          </th>
          {['Employee', 'Department', 'Reviewer', 'Stage', 'Due', 'Rating', ''].map((name) => (
            <th key={name} scope="col" className="py-2 pr-4 font-medium">
              {name || <span className="sr-only">Actions</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {reviews.map((review) => (
          <tr key={review.reviewId} className={cn(review.overdue && 'bg-destructive/5')}>
            <td className="py-2 pr-2">
              <Tick review={review} selected={selected} onToggle={onToggle} />
            </td>
            <td className="py-2 pr-4 font-medium">{review.employeeName}</td>
            <td className="py-2 pr-4 text-muted-foreground">{review.department ?? '—'}</td>
            <td className={cn('py-2 pr-4', !review.reviewerName && 'text-destructive')}>{review.reviewerName ?? 'No reviewer'}</td>
            <td className="py-2 pr-4">
              <StageBadge review={review} />
            </td>
            <td className="py-2 pr-4">
              <Due review={review} />
            </td>
            <td className="py-2 pr-4">{review.rating ?? '—'}</td>
            <td className="py-2 text-right">
              <NudgeOne review={review} onNudge={onNudge} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The same reviews as cards, on a phone. */
export function ReviewCards({ reviews, selected, onToggle, onNudge }: RowsProps) {
  return (
    <ol aria-label="Reviews of the cycle" className="flex flex-col divide-y text-sm">
      {reviews.map((review) => (
        <li key={review.reviewId} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          <Tick review={review} selected={selected} onToggle={onToggle} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{review.employeeName}</span>
              <StageBadge review={review} />
            </div>
            <p className="text-muted-foreground">
              {review.department ?? 'No department'} · {review.reviewerName ?? 'No reviewer'}
            </p>
            {review.stage !== 'done' && review.stageDue && (
              <p>
                Due <Due review={review} />
              </p>
            )}
            <NudgeOne review={review} onNudge={onNudge} />
          </div>
        </li>
      ))}
    </ol>
  )
}
