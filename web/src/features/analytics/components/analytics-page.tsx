import { CircleCheck, ClipboardList, FileText, Users, type LucideIcon } from 'lucide-react'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { formatDate, getInitials, humanize } from '@/lib/format'
import { useAnalytics, type Analytics } from '../api/get-analytics'
import { CompletionChart, DepartmentChart, RatingChart, ReviewTypesChart } from './charts'
import { CycleSection } from './cycle-section'

const CARDS: { label: string; icon: LucideIcon; value: (a: Analytics) => number }[] = [
  { label: 'Total Employees', icon: Users, value: (a) => a.totals.totalEmployees },
  { label: 'Completed Reviews', icon: CircleCheck, value: (a) => a.totals.completedReviews },
  { label: 'Pending Reviews', icon: ClipboardList, value: (a) => a.totals.pendingReviews },
  { label: 'Review Templates', icon: FileText, value: (a) => a.totals.reviewTemplates },
]

function RecentReviews({ reviews }: { reviews: Analytics['recentReviews'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Reviews</CardTitle>
      </CardHeader>
      <CardContent>
        {reviews.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No reviews yet</p>
        ) : (
          <ul className="divide-y">
            {reviews.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
                >
                  {getInitials(r.employee.firstName, r.employee.lastName)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {r.employee.firstName} {r.employee.lastName}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {humanize(r.reviewType)} ·{' '}
                    {r.completedAt ? `Completed ${formatDate(r.completedAt)}` : `Due ${formatDate(r.dueDate)}`}
                  </p>
                </div>
                {r.rating != null && <span className="text-sm font-medium">{r.rating}/5</span>}
                <Badge variant={r.status === 'completed' ? 'default' : 'outline'}>{humanize(r.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Analytics (admin, hr): cards, department overview, review types, ratings, completion, review cycles. */
export default function AnalyticsPage() {
  const { data, isPending, isError } = useAnalytics()

  return (
    <>
      <PageHeader title="Analytics" subtitle="How reviews are going across the organization" />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        {isError && (
          <p role="alert" className="text-sm text-muted-foreground">
            Analytics could not be loaded right now.
          </p>
        )}
        <StatGroup label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {CARDS.map(({ label, icon: Icon, value }) => (
            <Card key={label} className="flex items-center justify-between p-5">
              <div>
                <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
                {isPending ? (
                  <Skeleton className="mt-2 h-8 w-16" />
                ) : (
                  <p className="text-3xl font-semibold">{data ? value(data) : '—'}</p>
                )}
              </div>
              <Icon aria-hidden="true" className="size-6 text-primary" />
            </Card>
          ))}
        </StatGroup>
        {data && (
          <>
            <div className="grid gap-6 lg:grid-cols-2">
              <DepartmentChart data={data.departments} />
              <ReviewTypesChart data={data.reviewTypes} />
              <RatingChart data={data.ratingDistribution} />
              <CompletionChart data={data.completionByQuarter} />
            </div>
            <RecentReviews reviews={data.recentReviews} />
          </>
        )}
        {isPending && (
          <div className="grid gap-6 lg:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-80 rounded-xl" />
            ))}
          </div>
        )}
        <CycleSection />
      </div>
    </>
  )
}
