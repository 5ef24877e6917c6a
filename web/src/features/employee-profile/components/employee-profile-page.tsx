import { ArrowLeft } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorStatus } from '@/lib/api-client'
import { can, reachesEmployee, useViewer } from '@/lib/access'
import { useEmployee, type Employee } from '../api/get-employee'
import { EmployeeDetailsCard } from './employee-details-card'
import { EmployeeDocumentsSection } from './employee-documents-section'
import { HrNotesSection } from './hr-notes-section'
import { LinkedAccountCard } from './linked-account-card'
import { ProfileTabs } from './profile-tabs'
import { ReviewHistory } from './review-history'

export interface EditEmployeeSlotProps {
  employee: Employee
  open: boolean
  onOpenChange: (open: boolean) => void
}

interface EmployeeProfilePageProps {
  /** The :id of /employees/:id. */
  id: string
  /**
   * The Edit Employee dialog belongs to the employees feature; the app passes it in, since
   * one feature never imports another. Without it the Edit Employee button is not shown.
   */
  renderEditEmployee?: (props: EditEmployeeSlotProps) => ReactNode
  /**
   * The certifications section (list + Assign Certification) belongs to the certifications
   * feature; the app passes it in. Without it the profile shows no certifications.
   */
  renderCertifications?: (props: { employeeId: number; canAssign: boolean }) => ReactNode
  /** The History tab (the audit feature's), shown to readers of the audit trail. */
  renderHistory?: (props: { employeeId: number }) => ReactNode
}

/** Back to the list this reader came from: Employees, or the Directory for one who reads only their own profile. */
function BackLink() {
  const rules = useViewer().access['employees.read'] ?? []
  const list = rules.includes('all') || rules.includes('line')
  return (
    <Link
      href={list ? '/employees' : '/directory'}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {list ? 'Back to Employees' : 'Back to Directory'}
    </Link>
  )
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </Card>
  )
}

/** Under need to know a profile outside the reader's reach answers 404 as well: say both. */
function NotFound() {
  const rules = useViewer().access['employees.read'] ?? []
  if (rules.includes('all')) {
    return <Message title="Employee not found">This employee does not exist or has been deleted.</Message>
  }
  const yours = rules.includes('line')
    ? 'your own profile and those of the people who report to you'
    : 'your own profile'
  return (
    <Message title="Not in your view">
      This profile is not one you can open: you see {yours}. It may also have been deleted. Everyone's name,
      position and e-mail are in the{' '}
      <Link href="/directory" className="font-medium text-primary hover:underline">
        Directory
      </Link>
      .
    </Message>
  )
}

function Profile({
  id,
  renderEditEmployee,
  renderCertifications,
  renderHistory,
}: { id: number } & Omit<EmployeeProfilePageProps, 'id'>) {
  const { data: employee, isPending, isError, error } = useEmployee(id)
  const [editing, setEditing] = useState(false)
  const viewer = useViewer()
  const manage = can(viewer.access, 'employees.write')
  const sees = (permission: Parameters<typeof can>[1]) => reachesEmployee(viewer, permission, id)

  if (isPending) {
    return (
      <div role="status" aria-label="Loading employee" className="flex flex-col gap-4">
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    )
  }
  if (isError) {
    return errorStatus(error) === 404 ? (
      <NotFound />
    ) : (
      <Message title="Employee could not be loaded">Please try again in a moment.</Message>
    )
  }

  return (
    <>
      <EmployeeDetailsCard employee={employee} onEdit={manage && renderEditEmployee ? () => setEditing(true) : undefined} />
      {can(viewer.access, 'users.manage') && (
        <LinkedAccountCard employeeId={id} employeeName={`${employee.firstName} ${employee.lastName}`} />
      )}
      <ProfileTabs history={can(viewer.access, 'audit.read') && renderHistory?.({ employeeId: id })}>
        <div className="grid gap-6 xl:grid-cols-2">
          {sees('reviews.read') && <ReviewHistory employeeId={id} />}
          {sees('certifications.read') &&
            renderCertifications?.({ employeeId: id, canAssign: can(viewer.access, 'certifications.write') })}
        </div>
        {sees('notes.read') && <HrNotesSection employeeId={id} canAdd={can(viewer.access, 'notes.write')} />}
        {sees('documents.read') && (
          <EmployeeDocumentsSection employeeId={id} canManage={can(viewer.access, 'documents.write')} />
        )}
      </ProfileTabs>
      {manage && renderEditEmployee?.({ employee, open: editing, onOpenChange: setEditing })}
    </>
  )
}

/** /employees/:id: details, reviews, certifications, HR notes and documents of one employee. */
export default function EmployeeProfilePage({ id, ...slots }: EmployeeProfilePageProps) {
  const numericId = /^\d{1,9}$/.test(id) ? Number(id) : NaN
  const valid = Number.isInteger(numericId) && numericId > 0
  return (
    <>
      <PageHeader title="Employee Profile" />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <BackLink />
        {valid ? (
          <Profile id={numericId} {...slots} />
        ) : (
          <Message title="Employee not found">This employee does not exist or has been deleted.</Message>
        )}
      </div>
    </>
  )
}
