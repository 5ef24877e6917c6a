import { CalendarClock, CalendarDays, Building2, Briefcase, Mail, Pencil, Repeat, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { daysUntil, formatDate, getInitials, humanize } from '@/lib/format'
import { useDepartmentName, useManagerName, type Employee } from '../api/get-employee'
import { useEmployeeReviews, type ProfileReview } from '../api/get-employee-reviews'

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> group holds only <dt> and <dd>, so the icon sits inside the <dt>, placed in the margin.
    <div className="relative min-w-0 pl-7">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <span aria-hidden="true" className="absolute left-0 top-0.5 text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  )
}

function ManagerName({ employee }: { employee: Employee }) {
  const { data: name, isPending } = useManagerName(employee)
  const managerId = employee.managerId
  if (!managerId) return <>No manager</>
  if (isPending) return <>…</>
  if (!name) return <>{managerId}</>
  return (
    <>
      {name} <span className="text-muted-foreground">({managerId})</span>
    </>
  )
}

/** The open review due first, if any (from the same list the review history shows). */
export function firstOpenReview(reviews: ProfileReview[] | undefined): ProfileReview | undefined {
  return (reviews ?? [])
    .filter((r) => r.status !== 'completed')
    .reduce<ProfileReview | undefined>((first, r) => (!first || r.dueDate < first.dueDate ? r : first), undefined)
}

/**
 * Two dates with two meanings: the open review's due date is when the work in progress is
 * due; the next scheduled review is where the review schedule stands (a review is created 14
 * days before it, due on it, and the date moves on when a review is completed). They differ
 * when a review was created by hand or its due date was changed.
 */
function ReviewDates({ employee }: { employee: Employee }) {
  const { data: reviews, isPending, isError } = useEmployeeReviews(employee.id)
  const open = firstOpenReview(reviews)
  return (
    <>
      <Detail icon={<CalendarClock />} label="Open Review">
        {isPending ? (
          '…'
        ) : isError ? (
          'Could not be loaded'
        ) : open ? (
          <>
            Due {formatDate(open.dueDate)}
            {daysUntil(open.dueDate) < 0 && <span className="font-medium text-destructive"> · Overdue</span>}
          </>
        ) : (
          'None open'
        )}
      </Detail>
      <Detail icon={<CalendarClock />} label="Next Scheduled Review">
        {employee.nextReviewDate ? formatDate(employee.nextReviewDate) : 'Not scheduled'}
        {employee.nextReviewDate && (
          <span className="block text-xs text-muted-foreground">
            {open?.dueDate === employee.nextReviewDate
              ? 'Its review is open'
              : 'A review is created 14 days before, unless one is open'}
          </span>
        )}
      </Detail>
    </>
  )
}

interface EmployeeDetailsCardProps {
  employee: Employee
  onEdit?: () => void
}

/**
 * The name and position, with the actions. On a phone the actions go below, full width, so the
 * name and position keep the card's width instead of a column squeezed beside a button.
 */
function NameLine({ employee, onEdit }: EmployeeDetailsCardProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg font-semibold text-primary sm:size-16 sm:text-xl"
        >
          {getInitials(employee.firstName, employee.lastName)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words text-xl font-semibold">
              {employee.firstName} {employee.lastName}
            </h2>
            {employee.isArchived && <Badge variant="secondary">Archived</Badge>}
          </div>
          <p className="break-words text-sm text-muted-foreground">
            {employee.position || 'No position'} · ID {employee.employeeId}
          </p>
        </div>
      </div>
      {onEdit && (
        <div role="group" aria-label="Profile actions" className="flex sm:shrink-0">
          <Button variant="outline" className="w-full sm:w-auto" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit Employee
          </Button>
        </div>
      )}
    </div>
  )
}

/** Who the person is: contact, department, position, dates, schedule and manager. */
export function EmployeeDetailsCard({ employee, onEdit }: EmployeeDetailsCardProps) {
  const departmentName = useDepartmentName(employee.department)
  const department = employee.department ? (departmentName ?? humanize(employee.department)) : 'Not assigned'
  return (
    <Card className="flex flex-col gap-6 p-6">
      <NameLine employee={employee} onEdit={onEdit} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Detail icon={<Mail />} label="Email">
          {employee.email ? (
            // One line: a long address is cut with an ellipsis (the full one in its title), not
            // broken at a random letter.
            <a
              className="block truncate text-primary hover:underline"
              href={`mailto:${employee.email}`}
              title={employee.email}
            >
              {employee.email}
            </a>
          ) : (
            'No email'
          )}
        </Detail>
        <Detail icon={<Building2 />} label="Department">
          {department}
        </Detail>
        <Detail icon={<Briefcase />} label="Position">
          {employee.position || 'Not set'}
        </Detail>
        <Detail icon={<UserRound />} label="Manager">
          <ManagerName employee={employee} />
        </Detail>
        <Detail icon={<CalendarDays />} label="Start Date">
          {employee.startDate ? formatDate(employee.startDate) : 'Not set'}
        </Detail>
        <Detail icon={<Repeat />} label="Review Schedule">
          {employee.reviewSchedule ? humanize(employee.reviewSchedule) : 'Not set'}
        </Detail>
        <ReviewDates employee={employee} />
      </dl>
    </Card>
  )
}
