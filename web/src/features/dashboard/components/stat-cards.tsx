import { CalendarClock, CircleCheck, Star, Users, type LucideIcon } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { cn } from '@/lib/utils'
import { useDashboardStats, type DashboardStats } from '../api/get-dashboard-stats'

interface StatDefinition {
  label: string
  icon: LucideIcon
  value: (stats: DashboardStats) => string
  /** What the figure is beside, from the data; none when there is no history to tell it. */
  note: (stats: DashboardStats) => string | null
}

/** Who started in the last 30 days (archiving is not dated, so leavers are not subtracted). */
export function startedNote(started: number | null | undefined): string | null {
  if (started === null || started === undefined) return null
  return started === 0 ? 'No one started in the last 30 days' : `+${started} started in the last 30 days`
}

/** This quarter's average rating against last quarter's, when both quarters have ratings. */
export function ratingTrendNote(quarter: number | null | undefined, previous: number | null | undefined): string | null {
  if (quarter === null || quarter === undefined || previous === null || previous === undefined) return null
  const change = Math.round((quarter - previous) * 100) / 100
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±'
  return `This quarter ${quarter.toFixed(2)}, ${sign}${Math.abs(change).toFixed(2)} vs last quarter`
}

/** Avg Rating shows two decimals, 0.00 when missing; each note is computed from history. */
const STATS: StatDefinition[] = [
  {
    label: 'Total Employees',
    icon: Users,
    value: (s) => String(s.totalEmployees),
    note: (s) => startedNote(s.employeesStartedRecently),
  },
  {
    label: 'Reviews Due',
    icon: CalendarClock,
    value: (s) => String(s.reviewsDue),
    note: (s) => (s.reviewsOverdue > 0 ? `Due this week · ${s.reviewsOverdue} overdue` : 'Due this week'),
  },
  { label: 'Completed Reviews', icon: CircleCheck, value: (s) => String(s.completedReviews), note: () => 'This quarter' },
  {
    label: 'Avg Rating',
    icon: Star,
    value: (s) => (Number.isFinite(s.averageRating) ? Number(s.averageRating) : 0).toFixed(2),
    note: (s) => ratingTrendNote(s.quarterAverageRating, s.previousQuarterAverageRating),
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
        {STATS.map(({ label, note, icon: Icon, value }) => {
          const text = data ? note(data) : null
          return (
          <Card key={label} className="flex flex-col gap-3 p-5">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
              <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-4" />
              </span>
            </div>
            {isPending ? (
              // As tall as the number and its note, so the cards keep their size when they fill in.
              <>
                <Skeleton className="h-9 w-20" />
                <Skeleton className="h-4 w-28" />
              </>
            ) : (
              <p className="text-3xl font-semibold tracking-tight">{data ? value(data) : '—'}</p>
            )}
            {!isPending && (
              // Kept when there is no note (an empty line), so every card is as tall as its skeleton.
              <p className={cn('min-h-4 text-xs text-muted-foreground', text?.includes('overdue') && 'text-destructive')}>
                {text}
              </p>
            )}
          </Card>
          )
        })}
      </div>
    </StatGroup>
  )
}
