import { ClipboardList } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FilterSelect, SortSelect } from '@/components/ui/list-controls'
import { widestReach, type Access } from '@/lib/access'
import { humanize } from '@/lib/format'
import { reviewersOf, useEmployeeOptions } from '../api/get-review-options'
import { REVIEW_TYPES, useDepartments } from '../api/get-reviews'

export const SORTS = [
  { value: 'urgency', label: 'Most urgent first' },
  { value: 'dueDate', label: 'Due date, earliest first' },
  { value: '-dueDate', label: 'Due date, latest first' },
  { value: '-createdAt', label: 'Newest first' },
  { value: '-completedAt', label: 'Recently completed' },
  { value: 'employee', label: 'Employee A–Z' },
  { value: '-employee', label: 'Employee Z–A' },
  { value: '-rating', label: 'Highest rating' },
] as const

/** The screen's choices, kept in its address (a shared link opens the same view). */
export const DEFAULTS = {
  q: '',
  status: 'all',
  department: '',
  reviewType: '',
  overdue: '',
  archived: 'active',
  reviewer: '',
  sort: 'urgency',
  view: 'cards',
  page: '1',
} as const
export type Key = keyof typeof DEFAULTS
export type UrlState = Record<Key, string>
export type Refine = (patch: Partial<Record<Key, string>>) => void

/**
 * Whether the reader's list holds other people's reviews. One who sees only their own (and
 * those once completed) has nothing for the department, reviewer, due and employees filters
 * to narrow: one person, in one department, with one manager, whose reviews are none of them
 * open (so none overdue).
 */
export function seesOthersReviews(access: Access): boolean {
  const reach = widestReach(access, 'reviews.read')
  return reach === 'all' || reach === 'line'
}

/**
 * The choices the list is asked for: a filter the reader is not offered asks for everything
 * of theirs, whatever a link made by someone who sees more carries.
 */
export function offeredState(state: UrlState, others: boolean): UrlState {
  return others ? state : { ...state, department: '', reviewer: '', overdue: '', archived: 'all' }
}

interface ReviewFiltersProps {
  state: UrlState
  refine: Refine
  /** The reviewer filter's choices load once the list itself has. */
  listLoaded: boolean
  /** The reader sees others' reviews: the filters by person are offered. */
  others: boolean
}

export function ReviewFilters({ state, refine, listLoaded, others }: ReviewFiltersProps) {
  const departments = useDepartments({ enabled: others })
  const reviewers = reviewersOf(useEmployeeOptions(listLoaded && others).data ?? [])
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {others && (
        <FilterSelect label="Department" value={state.department} onChange={(e) => refine({ department: e.target.value })}>
          <option value="">All departments</option>
          {(departments.data ?? []).map((d) => (
            <option key={d.id} value={d.slug}>
              {d.name}
            </option>
          ))}
        </FilterSelect>
      )}
      <FilterSelect label="Review type" value={state.reviewType} onChange={(e) => refine({ reviewType: e.target.value })}>
        <option value="">All types</option>
        {REVIEW_TYPES.map((type) => (
          <option key={type} value={type}>
            {humanize(type)}
          </option>
        ))}
      </FilterSelect>
      {others && (
        <>
          <FilterSelect label="Due" value={state.overdue} onChange={(e) => refine({ overdue: e.target.value })}>
            <option value="">Any due date</option>
            <option value="true">Overdue only</option>
            <option value="false">Not overdue</option>
          </FilterSelect>
          <FilterSelect label="Reviewer" value={state.reviewer} onChange={(e) => refine({ reviewer: e.target.value })}>
            <option value="">Any reviewer</option>
            {reviewers.map((r) => (
              <option key={r.id} value={r.employeeId ?? ''}>
                {r.firstName} {r.lastName}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Employees" value={state.archived} onChange={(e) => refine({ archived: e.target.value })}>
            <option value="active">Active employees</option>
            <option value="archived">Archived employees</option>
            <option value="all">All employees</option>
          </FilterSelect>
        </>
      )}
      {/* After five filters the sort takes a phone's row of its own; beside one it fits. */}
      <SortSelect
        sorts={SORTS}
        className={others ? 'col-span-2 md:col-span-1' : undefined}
        value={state.sort}
        onChange={(sort) => refine({ sort })}
      />
    </div>
  )
}

/** No reviews: with Clear filters when a filter the reader is offered (or the search) narrowed the list. */
export function NoReviews({ state, refine, others }: { state: UrlState; refine: Refine; others: boolean }) {
  const filtered =
    state.q !== '' ||
    state.reviewType !== '' ||
    (others &&
      (state.department !== '' || state.overdue !== '' || state.reviewer !== '' || state.archived !== DEFAULTS.archived))
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center text-muted-foreground">
      <ClipboardList aria-hidden="true" className="size-8" />
      No reviews found
      {filtered && (
        <Button variant="link" onClick={() => refine({ q: '', department: '', reviewType: '', overdue: '', reviewer: '', archived: '' })}>
          Clear filters
        </Button>
      )}
    </Card>
  )
}
