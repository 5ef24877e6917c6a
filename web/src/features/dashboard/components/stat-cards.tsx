import { useDeferredValue } from 'react'
import { CalendarClock, CircleCheck, Star, Users } from 'lucide-react'
import { useViewer, widestReach } from '@/lib/access'
import { useDashboardStats, type DashboardStats } from '../api/get-dashboard-stats'
import { ratingTrendNote, ratingValue, startedNote, teamNote, type Figure } from '../lib/figures'
import { OwnStatCards } from './own-stat-cards'
import { StatGrid } from './stat-grid'

/** The labels of each card, by whose records the reader counts: the organization's or their team's. */
const LABELS = {
  all: { people: 'Total Employees', due: 'Reviews Due', completed: 'Completed Reviews', rating: 'Avg Rating' },
  // Short enough to keep to one line beside the card's icon, as the organization's do.
  line: { people: 'Team Members', due: 'Team Reviews Due', completed: 'Team Reviews Done', rating: 'Team Avg Rating' },
} as const

/**
 * The four cards of a reader who counts several people: the whole organization, or a manager's
 * team (themselves and their reporting line). Each note is computed from history.
 */
export function groupFigures(reach: 'all' | 'line', stats: DashboardStats | undefined): Figure[] {
  const label = LABELS[reach]
  const overdue = stats?.reviewsOverdue ?? 0
  const shown = (value: (s: DashboardStats) => string) => (stats ? value(stats) : undefined)
  return [
    {
      label: label.people,
      icon: Users,
      value: shown((s) => String(s.totalEmployees)),
      note: reach === 'line' ? teamNote(stats?.employeesStartedRecently) : startedNote(stats?.employeesStartedRecently),
    },
    {
      label: label.due,
      icon: CalendarClock,
      value: shown((s) => String(s.reviewsDue)),
      note: overdue > 0 ? `Due this week · ${overdue} overdue` : 'Due this week',
      urgent: overdue > 0,
    },
    { label: label.completed, icon: CircleCheck, value: shown((s) => String(s.completedReviews)), note: 'This quarter' },
    {
      label: label.rating,
      icon: Star,
      value: shown((s) => ratingValue(s.averageRating)),
      note: ratingTrendNote(stats?.quarterAverageRating, stats?.previousQuarterAverageRating),
    },
  ]
}

function GroupStatCards({ reach }: { reach: 'all' | 'line' }) {
  // The answer renders as a background update, in slices a slow phone's main thread can
  // interleave with input, rather than in one long task as it arrives.
  const { data, isPending, isError } = useDeferredValue(useDashboardStats())
  const figures = groupFigures(reach, data).map((figure) => ({
    ...figure,
    pending: isPending,
    // No figure, no note beside it: a failed load shows the cards with a dash.
    note: data ? figure.note : null,
  }))
  return <StatGrid figures={figures} failed={isError} />
}

/**
 * The dashboard's figures, over the records the reader reaches: the organization's, their
 * team's, or (for a reader of their own record alone) cards about themselves. A reader who
 * reaches no record has no figures to see.
 */
export function StatCards() {
  const viewer = useViewer()
  const reach = widestReach(viewer.access, 'dashboard.read')
  if (reach === 'none') return null
  if (reach === 'own') return viewer.employeeId === null ? null : <OwnStatCards employeeId={viewer.employeeId} />
  return <GroupStatCards reach={reach} />
}
