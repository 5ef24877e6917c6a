import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { formatDate, getInitials, humanize } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { Employee } from '../api/employee'
import { EmployeeCardMenu, type CardAction } from './employee-card-menu'

interface EmployeeCardProps {
  employee: Employee
  departmentName?: string
  /** Present for people who manage employees (admin, hr): shows the card menu. */
  onAction?: (action: CardAction, employee: Employee) => void
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="truncate text-right font-medium">{value}</dd>
    </div>
  )
}

const day = (value?: string | null) => (value ? formatDate(value) : 'Not set')

/** One employee: initials, name, Archived badge, position, email, department, ID, dates, schedule. */
export function EmployeeCard({ employee, departmentName, onAction }: EmployeeCardProps) {
  const name = `${employee.firstName} ${employee.lastName}`
  return (
    <Card className={cn('flex min-w-0 flex-col', employee.isArchived && 'border-dashed bg-muted/40')}>
      <article aria-label={name} className="flex min-w-0 flex-1 flex-col gap-4 p-5">
        <header className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
          >
            {getInitials(employee.firstName, employee.lastName)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="flex flex-wrap items-center gap-2 font-semibold leading-tight">
              <span className="truncate">{name}</span>
              {employee.isArchived && <Badge variant="secondary">Archived</Badge>}
            </h2>
            <p className="truncate text-sm text-muted-foreground">{employee.position || 'No position'}</p>
            {employee.email && (
              <p className="truncate text-sm text-muted-foreground" title={employee.email}>
                {employee.email}
              </p>
            )}
          </div>
          {onAction && (
            <EmployeeCardMenu
              name={name}
              archived={employee.isArchived}
              onSelect={(action) => onAction(action, employee)}
            />
          )}
        </header>
        <dl className="flex flex-col gap-1.5 text-sm">
          <Detail label="Department" value={departmentName ?? (employee.department || 'None')} />
          <Detail label="ID" value={employee.employeeId} />
          <Detail label="Start Date" value={day(employee.startDate)} />
          <Detail label="Review Schedule" value={employee.reviewSchedule ? humanize(employee.reviewSchedule) : 'Not set'} />
          <Detail label="Next Review" value={day(employee.nextReviewDate)} />
        </dl>
        <Link
          href={`/employees/${employee.id}`}
          aria-label={`View Profile of ${name}`}
          className="mt-auto inline-flex h-9 items-center justify-center rounded-lg border border-input text-sm font-medium shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View Profile
        </Link>
      </article>
    </Card>
  )
}
