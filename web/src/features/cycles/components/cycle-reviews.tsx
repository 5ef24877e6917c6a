import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FilterSelect, Pager } from '@/components/ui/list-controls'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { useCycleReviews, useNudge, type Cycle, type CycleProgress, type ReviewFilters } from '../api/cycles'
import { nudgedText, STAGE_LABELS, STAGES } from '../lib/labels'
import { toggle, toggleAll } from '../lib/selection'
import { useMediaQuery } from '@/lib/use-media-query'
import { ReassignDialog } from './reassign-dialog'
import { ReviewCards, ReviewTable } from './review-rows'

export const REVIEWS_PER_PAGE = 50
/** Wide enough for the table; below it the reviews are cards. */
const TABLE_QUERY = '(min-width: 1024px)'
const NO_FILTERS: ReviewFilters = { stage: '', departmentId: '', reviewerUserId: '', overdue: false }

function Filters({ filters, refine, progress }: { filters: ReviewFilters; refine: (patch: Partial<ReviewFilters>) => void; progress: CycleProgress }) {
  return (
    <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
      <FilterSelect label="Stage" value={filters.stage} onChange={(e) => refine({ stage: e.target.value })}>
        <option value="">All stages</option>
        {STAGES.map((s) => (
          <option key={s} value={s}>
            {STAGE_LABELS[s]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Department" value={filters.departmentId} onChange={(e) => refine({ departmentId: e.target.value })}>
        <option value="">All departments</option>
        {progress.byDepartment
          .filter((d) => d.departmentId !== null)
          .map((d) => (
            <option key={d.departmentId} value={String(d.departmentId)}>
              {d.department}
            </option>
          ))}
      </FilterSelect>
      <FilterSelect label="Reviewer" value={filters.reviewerUserId} onChange={(e) => refine({ reviewerUserId: e.target.value })}>
        <option value="">All reviewers</option>
        {progress.byReviewer.map((r) => (
          <option key={r.reviewerUserId ?? 'none'} value={r.reviewerUserId ?? 'none'}>
            {r.reviewerName ?? 'No reviewer'}
          </option>
        ))}
      </FilterSelect>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input type="checkbox" checked={filters.overdue} onChange={(e) => refine({ overdue: e.target.checked })} />
        Overdue only
      </label>
    </div>
  )
}

function useNudgeSome(cycleId: number) {
  const nudge = useNudge(cycleId)
  return (ids: number[]) =>
    nudge.mutate(ids, {
      onSuccess: (reply) => toast({ title: nudgedText(reply.nudged) }),
      onError: (error) => toast({ variant: 'destructive', title: 'Nobody nudged', description: errorMessage(error) }),
    })
}

function SelectionBar({ count, active, onReassign, onNudge, onClear }: { count: number; active: boolean; onReassign: () => void; onNudge: () => void; onClear: () => void }) {
  if (count === 0) return null
  return (
    <div role="region" aria-label="Selected reviews" className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
      <span className="font-medium">{count} selected</span>
      {active && (
        <>
          <Button size="sm" onClick={onReassign}>Reassign…</Button>
          <Button size="sm" variant="outline" onClick={onNudge}>Nudge</Button>
        </>
      )}
      <Button size="sm" variant="ghost" onClick={onClear}>Clear</Button>
    </div>
  )
}

/** The cycle's reviews, filtered and paged; rows ticked to reassign or nudge many at once. */
export function CycleReviews({ cycle, progress }: { cycle: Cycle; progress: CycleProgress }) {
  const [filters, setFilters] = useState(NO_FILTERS)
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [reassigning, setReassigning] = useState(false)
  const reviews = useCycleReviews(cycle.id, filters, page, REVIEWS_PER_PAGE, true)
  const nudge = useNudgeSome(cycle.id)
  const wide = useMediaQuery(TABLE_QUERY, true)
  const active = cycle.status === 'active'
  const items = reviews.data?.items ?? []
  const rows = {
    reviews: items,
    selected,
    onToggle: (id: number) => setSelected((s) => toggle(s, id)),
    onToggleAll: () => setSelected((s) => toggleAll(s, items.map((r) => r.reviewId))),
    onNudge: active ? (id: number) => nudge([id]) : undefined,
  }
  const Rows = wide ? ReviewTable : ReviewCards
  return (
    <Card className="flex flex-col gap-4 p-4">
      <h2 className="font-semibold">Reviews</h2>
      <Filters filters={filters} progress={progress} refine={(patch) => (setFilters({ ...filters, ...patch }), setPage(1))} />
      <SelectionBar
        count={selected.size}
        active={active}
        onReassign={() => setReassigning(true)}
        onNudge={() => nudge([...selected])}
        onClear={() => setSelected(new Set())}
      />
      {reviews.isError ? (
        <p role="alert" className="text-sm text-destructive">The reviews could not be loaded.</p>
      ) : items.length === 0 && !reviews.isPending ? (
        <p className="text-sm text-muted-foreground">No reviews match these filters.</p>
      ) : (
        <Rows {...rows} />
      )}
      <Pager page={page} pageSize={REVIEWS_PER_PAGE} total={reviews.data?.total ?? 0} noun="reviews" onPage={setPage} />
      <ReassignDialog
        open={reassigning}
        cycleId={cycle.id}
        reviewIds={[...selected]}
        onCancel={() => setReassigning(false)}
        onDone={() => (setReassigning(false), setSelected(new Set()))}
      />
    </Card>
  )
}
