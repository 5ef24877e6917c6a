import * as Tabs from '@radix-ui/react-tabs'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { LIST_VIEWS, Pager, pageOf, TAB_TRIGGER_CLASS, ViewToggle, type ListView } from '@/components/ui/list-controls'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, humanize } from '@/lib/format'
import { can, useAccess, useViewer, widestReach, type Access } from '@/lib/access'
import { useSearchField, useUrlState } from '@/lib/url-state'
import { REVIEW_TYPES, useReviewPage, type Review } from '../api/get-reviews'
import { CreateReviewDialog } from './create-review-dialog'
import {
  DEFAULTS,
  NoReviews,
  offeredState,
  ReviewFilters,
  seesOthersReviews,
  SORTS,
  type Key,
  type Refine,
  type UrlState,
} from './review-filters'
import { ReviewCard, reviewAction, STATUS_VARIANT } from './review-card'
import { useAccountId } from '../api/review-stage'
import { mayFillReview, ReviewWizard } from './review-wizard'

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
] as const

/** Reviews per page: a page stays quick to render and to read at any organisation's size. */
export const REVIEWS_PER_PAGE = 25

const ALLOWED: Partial<Record<Key, readonly string[]>> = {
  status: TABS.map((t) => t.value),
  reviewType: REVIEW_TYPES,
  overdue: ['true', 'false'],
  archived: ['active', 'archived', 'all'],
  sort: SORTS.map((s) => s.value),
  view: LIST_VIEWS,
}

const employeeName = (review: Review) =>
  review.employee ? `${review.employee.firstName} ${review.employee.lastName}` : 'Unknown employee'

function ReviewTable({ reviews, canFill, onOpen }: { reviews: Review[]; canFill: (review: Review) => boolean; onOpen: (id: number) => void }) {
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Reviews</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Employee</th>
            <th scope="col" className="px-4 py-3 font-medium">Department</th>
            <th scope="col" className="px-4 py-3 font-medium">Type</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 font-medium">Due</th>
            <th scope="col" className="px-4 py-3 font-medium">Completed</th>
            <th scope="col" className="px-4 py-3 font-medium">Rating</th>
            <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">Action</span></th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {reviews.map((review) => (
            <tr key={review.id}>
              <th scope="row" className="px-4 py-3 font-medium">
                {employeeName(review)}
                <span className="block text-xs font-normal text-muted-foreground">{review.template?.name ?? 'Review'}</span>
              </th>
              <td className="px-4 py-3">{review.employee?.department ? humanize(review.employee.department) : '—'}</td>
              <td className="px-4 py-3">{humanize(review.reviewType)}</td>
              <td className="px-4 py-3">
                <Badge variant={STATUS_VARIANT[review.status]}>{humanize(review.status)}</Badge>
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatDate(review.dueDate)}</td>
              <td className="whitespace-nowrap px-4 py-3">{review.completedAt ? formatDate(review.completedAt) : '—'}</td>
              <td className="px-4 py-3">{review.rating != null ? `${review.rating}/5` : '—'}</td>
              <td className="px-4 py-3 text-right">
                <Button size="sm" variant="outline" onClick={() => onOpen(review.id)}>
                  {reviewAction(review.status, canFill(review))}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function Skeletons() {
  return (
    <ul aria-label="Loading reviews" className="flex flex-col gap-3">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} data-testid="review-skeleton">
          <Card className="flex items-center gap-4 p-5">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-72" />
            </div>
            <Skeleton className="h-10 w-32" />
          </Card>
        </li>
      ))}
    </ul>
  )
}

/**
 * The dialogs this screen opens: Create Review and the review wizard, also from links into it
 * (?create=1&templateId=N for Use Template, ?review=N). Those are taken out of the address once
 * handled; the list's own choices stay.
 */
function useReviewDialogs(mayCreate: boolean) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const [createOpen, setCreateOpen] = useState(false)
  const [templateId, setTemplateId] = useState<number | undefined>()
  const [openReview, setOpenReview] = useState<number | null>(null)

  // The address is outside React's state, so the dialogs it asks for are opened from an effect
  // that reads it.
  useEffect(() => {
    const params = new URLSearchParams(search)
    if (!params.has('create') && !params.has('review')) return
    if (params.get('create') === '1' && mayCreate) {
      const id = Number(params.get('templateId'))
      // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: the address is outside React
      setTemplateId(Number.isInteger(id) && id > 0 ? id : undefined)
      setCreateOpen(true)
    }
    const reviewId = Number(params.get('review'))
    if (Number.isInteger(reviewId) && reviewId > 0) setOpenReview(reviewId)
    for (const key of ['create', 'templateId', 'review']) params.delete(key)
    const rest = params.toString()
    navigate(rest ? `${location}?${rest}` : location, { replace: true })
  }, [search, mayCreate, location, navigate])

  const create = () => {
    setTemplateId(undefined)
    setCreateOpen(true)
  }

  return { createOpen, setCreateOpen, templateId, openReview, setOpenReview, create }
}

/** The page of reviews the address asks for. */
function useReviewsOf(state: UrlState, page: number) {
  return useReviewPage({
    search: state.q,
    status: state.status === 'all' ? '' : state.status,
    department: state.department,
    reviewType: state.reviewType,
    overdue: state.overdue,
    archived: state.archived,
    reviewer: state.reviewer,
    sort: state.sort,
    page,
    pageSize: REVIEWS_PER_PAGE,
  })
}

interface ReviewListProps {
  reviews: ReturnType<typeof useReviewsOf>
  state: UrlState
  refine: Refine
  page: number
  onPage: (page: number) => void
  /** Whether the reader fills this review in (by reach, or as its named reviewer). */
  canFill: (review: Review) => boolean
  onOpen: (id: number) => void
  /** The reader sees others' reviews (and is offered the filters by person). */
  others: boolean
}

function ReviewList({ reviews, state, refine, page, onPage, canFill, onOpen, others }: ReviewListProps) {
  const items = reviews.data?.items ?? []
  return (
    <QueryState
      query={reviews}
      isEmpty={items.length === 0}
      loading={<Skeletons />}
      failed={
        <p role="alert" className="text-sm text-muted-foreground">
          Reviews could not be loaded right now.
        </p>
      }
      empty={<NoReviews state={state} refine={refine} others={others} />}
    >
      {() => (
        <div className="flex flex-col gap-4" aria-busy={reviews.isFetching}>
          {state.view === 'table' ? (
            <ReviewTable reviews={items} canFill={canFill} onOpen={onOpen} />
          ) : (
            <ul className="flex flex-col gap-3">
              {items.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} canFill={canFill(review)} onOpen={() => onOpen(review.id)} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pageSize={REVIEWS_PER_PAGE} total={reviews.data?.total ?? items.length} noun="reviews" onPage={onPage} />
        </div>
      )}
    </QueryState>
  )
}

const WHOSE_REVIEWS = { all: "the organization's reviews", line: "your team's reviews", own: '', none: 'reviews' } as const

/** Says whose reviews the reader sees and whether they fill them in. */
export function reviewsSubtitle(access: Access): string {
  const reach = widestReach(access, 'reviews.read')
  if (reach === 'own') return 'Your reviews, once they are completed'
  const whose = WHOSE_REVIEWS[reach]
  const fill = access['reviews.fill'] ?? []
  if (fill.length > 0 && fill.every((rule) => rule === 'assigned')) return `Track ${whose} and complete those you are the reviewer of`
  return can(access, 'reviews.fill') ? `Track, continue and complete ${whose}` : `Track ${whose}`
}

/**
 * Performance Reviews: tabs by status, Create Review, and the review wizard; search,
 * filters, sort, cards or a table, and pages, all kept in the address.
 */
export default function ReviewsPage() {
  const access = useAccess()
  const [state, update] = useUrlState<Key>(DEFAULTS, ALLOWED)
  const page = pageOf(state.page)
  // Any change of what is shown starts again at its first page.
  const refine = (patch: Partial<Record<Key, string>>) => update({ ...patch, page: '1' })
  const [searchText, setSearchText] = useSearchField(state.q, (q) => refine({ q }))
  const others = seesOthersReviews(access)
  const reviews = useReviewsOf(offeredState(state, others), page)
  const dialogs = useReviewDialogs(can(access, 'reviews.create'))
  const viewer = useViewer()
  const accountId = useAccountId(access['reviews.fill']?.includes('assigned') ?? false)
  const canFill = (review: Review) => mayFillReview(viewer, review, accountId)

  const content = (
    <ReviewList
      reviews={reviews}
      state={state}
      refine={refine}
      page={page}
      onPage={(next) => update({ page: String(next) })}
      canFill={canFill}
      onOpen={dialogs.setOpenReview}
      others={others}
    />
  )

  return (
    <>
      <PageHeader
        title="Performance Reviews"
        subtitle={reviewsSubtitle(access)}
        search={{ placeholder: 'Search reviews...', value: searchText, onChange: setSearchText }}
        addButton={can(access, 'reviews.create') ? { label: 'Create Review', onClick: dialogs.create } : undefined}
      />
      <div className="p-4 sm:p-6 lg:p-8">
        <Tabs.Root value={state.status} onValueChange={(status) => refine({ status })} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List aria-label="Filter reviews by status" className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1">
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value} className={TAB_TRIGGER_CLASS}>
                  {tab.label}
                  {tab.value === state.status && reviews.data && (
                    <span className="ml-1.5 text-xs">({reviews.data.total.toLocaleString('en-US')})</span>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <ViewToggle value={state.view as ListView} onChange={(view) => update({ view })} />
          </div>
          <ReviewFilters state={state} refine={refine} listLoaded={!reviews.isPending} others={others} />
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
              {tab.value === state.status && content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
      <CreateReviewDialog open={dialogs.createOpen} onOpenChange={dialogs.setCreateOpen} templateId={dialogs.templateId} />
      <ReviewWizard reviewId={dialogs.openReview} onOpenChange={(open) => !open && dialogs.setOpenReview(null)} />
    </>
  )
}
