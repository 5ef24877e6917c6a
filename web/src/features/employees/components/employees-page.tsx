import { Eye, EyeOff, Upload, UserPlus, Users } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DepartmentFilter, FilterSelect, LIST_VIEWS, Pager, pageOf, SortSelect, ViewToggle, type ListView } from '@/components/ui/list-controls'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import { can, useAccess, widestReach, type Access } from '@/lib/access'
import { useSearchField, useUrlState } from '@/lib/url-state'
import { useSetArchived } from '../api/archive-employee'
import { REVIEW_SCHEDULES, type Employee } from '../api/employee'
import { useDepartmentOptions } from '../api/get-departments'
import { FETCH_EMPLOYEES_FAILED, useEmployeePage } from '../api/get-employees'
import { AddEmployeeDialog } from './add-employee-dialog'
import { BulkUploadDialog } from './bulk-upload-dialog'
import { DeleteEmployeeDialog } from './delete-employee-dialog'
import { EditEmployeeDialog } from './edit-employee-dialog'
import { EmployeeCard } from './employee-card'
import type { CardAction } from './employee-card-menu'

/** Employees per page: a multiple of the grid's 2 and 3 columns. */
export const EMPLOYEES_PER_PAGE = 24

const SORTS = [
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'department', label: 'Department' },
  { value: 'nextReviewDate', label: 'Next review, soonest first' },
  { value: '-startDate', label: 'Start date, newest first' },
  { value: 'startDate', label: 'Start date, oldest first' },
  { value: 'employeeId', label: 'Employee ID' },
] as const

/** The screen's choices, kept in its address (the dashboard's search opens it with ?q=). */
const DEFAULTS = {
  q: '',
  department: '',
  reviewSchedule: '',
  overdue: '',
  archived: 'active',
  sort: 'name',
  view: 'cards',
  page: '1',
} as const
type Key = keyof typeof DEFAULTS
const ALLOWED: Partial<Record<Key, readonly string[]>> = {
  reviewSchedule: REVIEW_SCHEDULES,
  overdue: ['true', 'false'],
  archived: ['active', 'all', 'archived'],
  sort: SORTS.map((s) => s.value),
  view: LIST_VIEWS,
}

const day = (value?: string | null) => (value ? formatDate(value) : '—')

function EmployeeTable({
  employees,
  departmentNames,
}: {
  employees: Employee[]
  departmentNames: Map<string, string>
}) {
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Employees</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Name</th>
            <th scope="col" className="px-4 py-3 font-medium">ID</th>
            <th scope="col" className="px-4 py-3 font-medium">Department</th>
            <th scope="col" className="px-4 py-3 font-medium">Position</th>
            <th scope="col" className="px-4 py-3 font-medium">Start date</th>
            <th scope="col" className="px-4 py-3 font-medium">Schedule</th>
            <th scope="col" className="px-4 py-3 font-medium">Next review</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {employees.map((e) => (
            <tr key={e.id}>
              <th scope="row" className="px-4 py-3 font-medium">
                <Link href={`/employees/${e.id}`} className="text-primary underline-offset-4 hover:underline">
                  {e.firstName} {e.lastName}
                </Link>
                {e.isArchived && (
                  <Badge variant="secondary" className="ml-2">
                    Archived
                  </Badge>
                )}
                {e.email && <span className="block text-xs font-normal text-muted-foreground">{e.email}</span>}
              </th>
              <td className="px-4 py-3">{e.employeeId}</td>
              <td className="px-4 py-3">
                {e.department ? (departmentNames.get(e.department) ?? humanize(e.department)) : '—'}
              </td>
              <td className="px-4 py-3">{e.position ?? '—'}</td>
              <td className="whitespace-nowrap px-4 py-3">{day(e.startDate)}</td>
              <td className="px-4 py-3">{e.reviewSchedule ? humanize(e.reviewSchedule) : '—'}</td>
              <td className="whitespace-nowrap px-4 py-3">{day(e.nextReviewDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
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

type UrlState = Record<Key, string>
type Refine = (patch: Partial<Record<Key, string>>) => void

/** The admin actions on a card: edit and delete open their dialogs, archive and restore happen at once. */
function useEmployeeActions() {
  const [editing, setEditing] = useState<Employee | null>(null)
  const [deleting, setDeleting] = useState<Employee | null>(null)
  const setArchived = useSetArchived()

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

  return { editing, setEditing, deleting, setDeleting, onAction }
}

interface EmployeeFiltersProps {
  state: UrlState
  refine: Refine
  update: Refine
  departments: ReturnType<typeof useDepartmentOptions>
  manage: boolean
  onBulkUpload: () => void
}

function EmployeeFilters({ state, refine, update, departments, manage, onBulkUpload }: EmployeeFiltersProps) {
  const showArchived = state.archived !== 'active'
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DepartmentFilter
        departments={departments.data}
        className="w-full sm:w-52"
        value={state.department}
        onChange={(department) => refine({ department })}
      />
      <FilterSelect
        label="Review schedule"
        className="w-[calc(50%-0.375rem)] sm:w-44"
        value={state.reviewSchedule}
        onChange={(e) => refine({ reviewSchedule: e.target.value })}
      >
        <option value="">All schedules</option>
        {REVIEW_SCHEDULES.map((schedule) => (
          <option key={schedule} value={schedule}>
            {humanize(schedule)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Next review"
        className="w-[calc(50%-0.375rem)] sm:w-44"
        value={state.overdue}
        onChange={(e) => refine({ overdue: e.target.value })}
      >
        <option value="">Any date</option>
        <option value="true">Overdue</option>
        <option value="false">Not overdue</option>
      </FilterSelect>
      <SortSelect sorts={SORTS} className="w-full sm:w-56" value={state.sort} onChange={(sort) => refine({ sort })} />
      <Button variant="outline" onClick={() => refine({ archived: showArchived ? 'active' : 'all' })}>
        {showArchived ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {showArchived ? 'Hide Archived' : 'Show Archived'}
      </Button>
      <div className="flex items-center gap-3 sm:ml-auto">
        <ViewToggle value={state.view as ListView} onChange={(view) => update({ view })} />
        {manage && (
          <Button variant="outline" onClick={onBulkUpload}>
            <Upload aria-hidden="true" />
            Bulk Upload
          </Button>
        )}
      </div>
    </div>
  )
}

interface EmployeeListProps {
  employees: ReturnType<typeof useEmployeePage>
  view: string
  page: number
  onPage: (page: number) => void
  departmentNames: Map<string, string>
  onAction?: (action: CardAction, employee: Employee) => void
}

function EmployeeList({ employees, view, page, onPage, departmentNames, onAction }: EmployeeListProps) {
  const shown = employees.data?.items ?? []
  return (
    <QueryState
      query={employees}
      isEmpty={shown.length === 0}
      loading={<CardSkeletons />}
      failed={
        <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
          {FETCH_EMPLOYEES_FAILED}. Please try again in a moment.
        </Card>
      }
      empty={<EmptyState>No employees found</EmptyState>}
    >
      {() => (
        <div className="flex flex-col gap-4" aria-busy={employees.isFetching}>
          {view === 'table' ? (
            <EmployeeTable employees={shown} departmentNames={departmentNames} />
          ) : (
            <ul aria-label="Employees" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((employee) => (
                <li key={employee.id} className="flex min-w-0 flex-col [&>*]:flex-1">
                  <EmployeeCard
                    employee={employee}
                    departmentName={employee.department ? departmentNames.get(employee.department) : undefined}
                    onAction={onAction}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageSize={EMPLOYEES_PER_PAGE}
            total={employees.data?.total ?? shown.length}
            noun="employees"
            onPage={onPage}
          />
        </div>
      )}
    </QueryState>
  )
}

/** The page of employees the address asks for, and the departments (their names and the filter's choices). */
function useEmployeesData(state: UrlState, page: number) {
  const employees = useEmployeePage({
    search: state.q,
    department: state.department,
    reviewSchedule: state.reviewSchedule,
    overdue: state.overdue,
    archived: state.archived,
    sort: state.sort,
    page,
    pageSize: EMPLOYEES_PER_PAGE,
  })
  const departments = useDepartmentOptions()
  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((d) => [d.slug, d.name])),
    [departments.data],
  )
  return { employees, departments, departmentNames }
}

const LISTED = {
  all: 'Everyone in the organization and their information',
  line: 'You and the people who report to you',
  own: 'Your own record',
  none: 'Nobody is in your view',
} as const

/** Who is listed and what the reader does with them: manage everyone, or read whom they reach. */
export function employeesSubtitle(access: Access): string {
  if (can(access, 'employees.write')) return 'Manage your team members and their information'
  return LISTED[widestReach(access, 'employees.read')]
}

/**
 * The Employees screen: search, department filter, archived toggle, cards, admin actions; and
 * more filters, sort, a table view and pages, all kept in the address.
 */
export default function EmployeesPage() {
  const access = useAccess()
  const manage = can(access, 'employees.write')
  const [state, update] = useUrlState<Key>(DEFAULTS, ALLOWED)
  const page = pageOf(state.page)
  // Any change of what is shown starts again at its first page.
  const refine = (patch: Partial<Record<Key, string>>) => update({ ...patch, page: '1' })
  const [search, setSearch] = useSearchField(state.q, (q) => refine({ q }))
  const [adding, setAdding] = useState(false)
  const [bulkOpen, setBulkOpen] = useState(false)
  const { editing, setEditing, deleting, setDeleting, onAction } = useEmployeeActions()

  const { employees, departments, departmentNames } = useEmployeesData(state, page)

  return (
    <>
      <PageHeader
        title="Employees"
        subtitle={employeesSubtitle(access)}
        search={{ placeholder: 'Search employees...', value: search, onChange: setSearch }}
        addButton={
          manage ? { label: 'Add Employee', onClick: () => setAdding(true), icon: <UserPlus aria-hidden="true" /> } : undefined
        }
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <EmployeeFilters
          state={state}
          refine={refine}
          update={update}
          departments={departments}
          manage={manage}
          onBulkUpload={() => setBulkOpen(true)}
        />
        <EmployeeList
          employees={employees}
          view={state.view}
          page={page}
          onPage={(next) => update({ page: String(next) })}
          departmentNames={departmentNames}
          onAction={manage ? onAction : undefined}
        />
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
