import * as Tabs from '@radix-ui/react-tabs'
import { ClipboardList } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { parseDate } from '@/lib/format'
import type { Role } from '@/lib/roles'
import { useReviews, type Review } from '../api/get-reviews'
import { CreateReviewDialog } from './create-review-dialog'
import { ReviewCard } from './review-card'
import { canFillReviews, ReviewWizard } from './review-wizard'

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
] as const

const time = (value?: string | null) => (value ? parseDate(value).getTime() : 0)

/** Open reviews by due date (soonest first), then completed ones, newest first. */
export function orderReviews(reviews: readonly Review[]): Review[] {
  const open = reviews.filter((r) => r.status !== 'completed').sort((a, b) => time(a.dueDate) - time(b.dueDate))
  const done = reviews
    .filter((r) => r.status === 'completed')
    .sort((a, b) => time(b.completedAt ?? b.dueDate) - time(a.completedAt ?? a.dueDate))
  return [...open, ...done]
}

const canCreate = (role: Role) => role === 'admin' || role === 'hr'

function ReviewList({
  reviews,
  role,
  onOpen,
}: {
  reviews: Review[]
  role: Role
  onOpen: (id: number) => void
}) {
  if (reviews.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center text-muted-foreground">
        <ClipboardList aria-hidden="true" className="size-8" />
        No reviews found
      </Card>
    )
  }
  return (
    <ul className="flex flex-col gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} canFill={canFillReviews(role)} onOpen={() => onOpen(review.id)} />
        </li>
      ))}
    </ul>
  )
}

/** Performance Reviews (SPEC §2): tabs by status, Create Review, and the review wizard. */
export default function ReviewsPage({ role }: { role: Role }) {
  const { data, isPending, isError } = useReviews()
  const search = useSearch()
  const [location, navigate] = useLocation()
  const [createOpen, setCreateOpen] = useState(false)
  const [templateId, setTemplateId] = useState<number | undefined>()
  const [openReview, setOpenReview] = useState<number | null>(null)

  // Links into this screen: ?create=1&templateId=N (Use Template) and ?review=N.
  useEffect(() => {
    const params = new URLSearchParams(search)
    if (!params.size) return
    if (params.get('create') === '1' && canCreate(role)) {
      const id = Number(params.get('templateId'))
      setTemplateId(Number.isInteger(id) && id > 0 ? id : undefined)
      setCreateOpen(true)
    }
    const reviewId = Number(params.get('review'))
    if (Number.isInteger(reviewId) && reviewId > 0) setOpenReview(reviewId)
    navigate(location, { replace: true })
  }, [search, role, location, navigate])

  const ordered = useMemo(() => orderReviews(data ?? []), [data])
  const count = (status: string) => (status === 'all' ? ordered.length : ordered.filter((r) => r.status === status).length)

  return (
    <>
      <PageHeader
        title="Performance Reviews"
        subtitle="Track, continue and complete your team's reviews"
        addButton={
          canCreate(role)
            ? {
                label: 'Create Review',
                onClick: () => {
                  setTemplateId(undefined)
                  setCreateOpen(true)
                },
              }
            : undefined
        }
      />
      <div className="p-4 sm:p-6 lg:p-8">
        <Tabs.Root defaultValue="all" className="flex flex-col gap-4">
          <Tabs.List aria-label="Filter reviews by status" className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1">
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                {tab.label}
                {data && <span className="ml-1.5 text-xs">({count(tab.value)})</span>}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
              {isPending ? (
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
              ) : isError ? (
                <p role="alert" className="text-sm text-muted-foreground">
                  Reviews could not be loaded right now.
                </p>
              ) : (
                <ReviewList
                  reviews={tab.value === 'all' ? ordered : ordered.filter((r) => r.status === tab.value)}
                  role={role}
                  onOpen={setOpenReview}
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
      <CreateReviewDialog open={createOpen} onOpenChange={setCreateOpen} templateId={templateId} />
      <ReviewWizard reviewId={openReview} role={role} onOpenChange={(open) => !open && setOpenReview(null)} />
    </>
  )
}
