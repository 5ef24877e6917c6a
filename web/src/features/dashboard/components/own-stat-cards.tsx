import { useQuery } from '@tanstack/react-query'
import { Award, CalendarClock, CircleCheck, Star } from 'lucide-react'
import { employeeCertificationsQueryOptions, type EmployeeCertification } from '@/lib/api/employee-certifications'
import { employeeQueryOptions, employeeReviewsQueryOptions, type EmployeeReview } from '@/lib/api/employee-record'
import { daysUntil, formatDate } from '@/lib/format'
import { useDashboardStats } from '../api/get-dashboard-stats'
import { ratingTrendNote, ratingValue, type Figure } from '../lib/figures'
import { StatGrid } from './stat-grid'

/** How many completed reviews the reader has, and when the last one was completed. */
export function completedFigure(reviews: EmployeeReview[] | undefined): Pick<Figure, 'value' | 'note'> {
  if (!reviews) return {}
  const completed = reviews.filter((r) => r.status === 'completed')
  const last = completed.map((r) => r.completedAt ?? '').sort().at(-1)
  return {
    value: String(completed.length),
    note: last ? `Last completed ${formatDate(last)}` : completed.length ? null : 'None yet',
  }
}

/** The reader's average rating (the server counts 0 when none of their reviews has one). */
export function ownRatingFigure(average: number | undefined, quarter?: number | null, previous?: number | null) {
  if (average === undefined) return {}
  if (!average) return { value: '—', note: 'No rated reviews yet' }
  return { value: ratingValue(average), note: ratingTrendNote(quarter, previous) ?? 'Across your completed reviews' }
}

/** When the reader's next scheduled review falls, and how far off it is. */
export function nextReviewFigure(nextReviewDate: string | null | undefined, now = new Date()): Pick<Figure, 'value' | 'note'> {
  if (!nextReviewDate) return { value: 'Not scheduled', note: null }
  const days = daysUntil(nextReviewDate, now)
  const note = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : days > 0 ? `In ${days} days` : `${-days} days ago`
  return { value: formatDate(nextReviewDate), note }
}

const named = (c: EmployeeCertification) => c.certificationType?.name ?? 'A certification'

/**
 * The reader's certifications expiring within 30 days (the server's 'expiring'): how many, the
 * first to go, and how many have expired already. Said in words: the card's label is the
 * certifications, not a count of them.
 */
export function expiringFigure(certifications: EmployeeCertification[] | undefined): Pick<Figure, 'value' | 'note' | 'urgent'> {
  if (!certifications) return {}
  const held = certifications.filter((c) => c.isActive)
  if (!held.length) return { value: 'None', note: 'No certifications on record', urgent: false }
  const expiring = held
    .filter((c) => c.status === 'expiring' && c.expirationDate)
    .sort((a, b) => (a.expirationDate ?? '').localeCompare(b.expirationDate ?? ''))
  const expired = held.filter((c) => c.status === 'expired').length
  const first = expiring[0]
  const parts = [
    first ? `${named(first)} on ${formatDate(first.expirationDate!)}` : 'In the next 30 days',
    expired ? `${expired} expired` : null,
  ]
  return {
    value: expiring.length ? `${expiring.length} expiring` : 'None expiring',
    note: parts.filter(Boolean).join(' · '),
    urgent: expired > 0,
  }
}

/**
 * Cards about the reader themselves, for one who reaches their own record alone: a count of the
 * organization or of a team would be a count of one.
 */
export function OwnStatCards({ employeeId }: { employeeId: number }) {
  const stats = useDashboardStats()
  const employee = useQuery(employeeQueryOptions(employeeId))
  const reviews = useQuery(employeeReviewsQueryOptions(employeeId))
  const certifications = useQuery(employeeCertificationsQueryOptions(employeeId))
  const { data } = stats
  const figures: Figure[] = [
    { label: 'Completed Reviews', icon: CircleCheck, pending: reviews.isPending, ...completedFigure(reviews.data) },
    {
      label: 'Your Avg Rating',
      icon: Star,
      pending: stats.isPending,
      ...ownRatingFigure(data?.averageRating, data?.quarterAverageRating, data?.previousQuarterAverageRating),
    },
    {
      label: 'Next Review',
      icon: CalendarClock,
      pending: employee.isPending,
      text: true,
      ...(employee.data ? nextReviewFigure(employee.data.nextReviewDate) : {}),
    },
    {
      label: 'Certifications',
      icon: Award,
      pending: certifications.isPending,
      text: true,
      ...expiringFigure(certifications.data),
    },
  ]
  const failed = [stats, employee, reviews, certifications].some((query) => query.isError)
  return <StatGrid figures={figures} failed={failed} />
}
