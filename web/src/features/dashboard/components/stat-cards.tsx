import { CalendarClock, CircleCheck, Star, Users, type LucideIcon } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { useDashboardStats, type DashboardStats } from '../api/get-dashboard-stats'

interface StatDefinition {
  label: string
  note: string
  icon: LucideIcon
  value: (stats: DashboardStats) => string
}

/** SPEC §2 Dashboard: the notes are fixed text; Avg Rating shows two decimals, 0.00 when missing. */
const STATS: StatDefinition[] = [
  { label: 'Total Employees', note: '+12% from last month', icon: Users, value: (s) => String(s.totalEmployees) },
  { label: 'Reviews Due', note: 'Due this week', icon: CalendarClock, value: (s) => String(s.reviewsDue) },
  { label: 'Completed Reviews', note: 'This quarter', icon: CircleCheck, value: (s) => String(s.completedReviews) },
  {
    label: 'Avg Rating',
    note: '+0.3 from last quarter',
    icon: Star,
    value: (s) => (Number.isFinite(s.averageRating) ? Number(s.averageRating) : 0).toFixed(2),
  },
]

export function StatCards() {
  const { data, isPending, isError } = useDashboardStats()

  return (
    <StatGroup label="Statistics" className="flex flex-col gap-3">
      {isError && (
        <p role="alert" className="text-sm text-muted-foreground">
          Statistics could not be loaded right now.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map(({ label, note, icon: Icon, value }) => (
          <Card key={label} className="flex flex-col gap-3 p-5">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
              <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-4" />
              </span>
            </div>
            {isPending ? (
              <Skeleton className="h-8 w-20" />
            ) : (
              <p className="text-3xl font-semibold tracking-tight">{data ? value(data) : '—'}</p>
            )}
            <p className="text-xs text-muted-foreground">{note}</p>
          </Card>
        ))}
      </div>
    </StatGroup>
  )
}
