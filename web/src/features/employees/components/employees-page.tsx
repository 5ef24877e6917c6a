import { Eye, EyeOff, Upload, UserPlus, Users } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api-client'
import type { Role } from '@/lib/roles'
import { useSetArchived } from '../api/archive-employee'
import type { Employee } from '../api/employee'
import { useDepartmentOptions } from '../api/get-departments'
import { FETCH_EMPLOYEES_FAILED, useEmployees } from '../api/get-employees'
import { AddEmployeeDialog } from './add-employee-dialog'
import { BulkUploadDialog } from './bulk-upload-dialog'
import { DeleteEmployeeDialog } from './delete-employee-dialog'
import { EditEmployeeDialog } from './edit-employee-dialog'
import { EmployeeCard } from './employee-card'
import type { CardAction } from './employee-card-menu'
import { NativeSelect } from './form-parts'

/** Cards shown at first and per "Show more": thousands of cards at once would stall the page. */
export const CARDS_PER_PAGE = 60
const SEARCH_DELAY_MS = 300
const ALL_DEPARTMENTS = 'all'

/** Admin and hr manage people's records (DESIGN §5); everyone signed in reads them. */
export const canManageEmployees = (role: Role) => role === 'admin' || role === 'hr'

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

function CardSkeletons() {
  return (
    <ul aria-label="Loading employees" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} data-testid="employee-skeleton">
          <Card className="flex flex-col gap-4 p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-24" />
              </div>
            </div>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-9 w-full" />
          </Card>
        </li>
      ))}
    </ul>
  )
}

function EmptyState({ children }: { children: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">{children}</p>
    </Card>
  )
}

/** SPEC §2 /employees: search, department filter, archived toggle, cards, admin actions. */
export default function EmployeesPage({ role }: { role: Role }) {
  const manage = canManageEmployees(role)
  const [search, setSearch] = useState('')
  const debouncedSearch = useDebounced(search, SEARCH_DELAY_MS)
  const [department, setDepartment] = useState(ALL_DEPARTMENTS)
  const [showArchived, setShowArchived] = useState(false)
  const [limit, setLimit] = useState(CARDS_PER_PAGE)
  const [adding, setAdding] = useState(false)
  const [bulkOpen, setBulkOpen] = useState(false)
  const [editing, setEditing] = useState<Employee | null>(null)
  const [deleting, setDeleting] = useState<Employee | null>(null)

  const employees = useEmployees({ search: debouncedSearch, includeArchived: showArchived })
  const departments = useDepartmentOptions()
  const setArchived = useSetArchived()

  useEffect(() => setLimit(CARDS_PER_PAGE), [debouncedSearch, department, showArchived])

  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((d) => [d.slug, d.name])),
    [departments.data],
  )
  const shown = useMemo(
    () =>
      (employees.data ?? []).filter((e) => department === ALL_DEPARTMENTS || e.department === department),
    [employees.data, department],
  )

  const onAction = (action: CardAction, employee: Employee) => {
    if (action === 'edit') setEditing(employee)
    else if (action === 'delete') setDeleting(employee)
    else {
      const archived = action === 'archive'
      setArchived.mutate(
        { id: employee.id, archived },
        {
          onSuccess: () =>
            toast({
              title: 'Success',
              description: archived ? 'Employee archived successfully' : 'Employee restored successfully',
            }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description: errorMessage(error, archived ? 'Failed to archive employee' : 'Failed to unarchive employee'),
            }),
        },
      )
    }
  }

  let content
  if (employees.isPending) content = <CardSkeletons />
  else if (employees.isError)
    content = (
      <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
        {FETCH_EMPLOYEES_FAILED}. Please try again in a moment.
      </Card>
    )
  else if (shown.length === 0) content = <EmptyState>No employees found</EmptyState>
  else
    content = (
      <>
        <ul
          aria-label="Employees"
          aria-busy={employees.isFetching}
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {shown.slice(0, limit).map((employee) => (
            <li key={employee.id} className="flex min-w-0 flex-col [&>*]:flex-1">
              <EmployeeCard
                employee={employee}
                departmentName={employee.department ? departmentNames.get(employee.department) : undefined}
                onAction={manage ? onAction : undefined}
              />
            </li>
          ))}
        </ul>
        {shown.length > limit && (
          <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            <p>
              Showing {limit.toLocaleString('en-US')} of {shown.length.toLocaleString('en-US')} employees
            </p>
            <Button variant="outline" onClick={() => setLimit((n) => n + CARDS_PER_PAGE * 4)}>
              Show more employees
            </Button>
          </div>
        )}
      </>
    )

  return (
    <>
      <PageHeader
        title="Employees"
        subtitle="Manage your team members and their information"
        search={{ placeholder: 'Search employees...', value: search, onChange: setSearch }}
        addButton={
          manage ? { label: 'Add Employee', onClick: () => setAdding(true), icon: <UserPlus aria-hidden="true" /> } : undefined
        }
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="employees-department" className="sr-only">
            Department
          </label>
          <NativeSelect
            id="employees-department"
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            className="w-full sm:w-56"
          >
            <option value={ALL_DEPARTMENTS}>All Departments</option>
            {(departments.data ?? []).map((d) => (
              <option key={d.id} value={d.slug}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
          <Button variant="outline" onClick={() => setShowArchived((v) => !v)}>
            {showArchived ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {showArchived ? 'Hide Archived' : 'Show Archived'}
          </Button>
          {manage && (
            <Button variant="outline" className="sm:ml-auto" onClick={() => setBulkOpen(true)}>
              <Upload aria-hidden="true" />
              Bulk Upload
            </Button>
          )}
        </div>
        {content}
      </div>
      {manage && (
        <>
          <AddEmployeeDialog open={adding} onOpenChange={setAdding} />
          <BulkUploadDialog open={bulkOpen} onOpenChange={setBulkOpen} />
          {editing && (
            <EditEmployeeDialog employee={editing} open onOpenChange={(open) => !open && setEditing(null)} />
          )}
          <DeleteEmployeeDialog employee={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
        </>
      )}
    </>
  )
}
