import { Download, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { localToday } from '@/lib/date-range'
import { formatDate, humanize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useCompliance, type RequiredTypeCompliance } from '../api/compliance'
import { useAllCertifications, type EmployeeCertification, type EmployeeSummary } from '../api/employee-certifications'
import {
  CERTIFICATION_STATUSES,
  displayStatus,
  STATUS_NAMES,
  type CertificationStatus,
  type DisplayStatus,
} from '../lib/certification-status'
import { downloadText, toCsv } from '../lib/csv'
import { AssignCertificationDialog } from './assign-certification-dialog'
import { CertificationsTabs } from './certifications-tabs'
import { STATUS_CLASSES } from './status-badge'

const PAGE_SIZE = 100
const LIST_PREVIEW = 8
/** The order of the count cards and the status filter: most urgent first. */
const STATUS_ORDER: CertificationStatus[] = ['expired', 'expiring', 'warning', 'active', 'no_expiry']

export interface Row {
  certification: EmployeeCertification
  shown: DisplayStatus
  employeeName: string
  department: string
}

export interface Filters {
  search: string
  status: CertificationStatus | 'all'
  typeId: string
  department: string
}

const fullName = (e?: Pick<EmployeeSummary, 'firstName' | 'lastName'> | null) =>
  e ? `${e.firstName} ${e.lastName}`.trim() : 'Unknown employee'

const departmentLabel = (e?: Pick<EmployeeSummary, 'department' | 'departmentName'> | null) =>
  e?.departmentName ?? (e?.department ? humanize(e.department) : '')

export function toRows(certifications: readonly EmployeeCertification[], today: Date): Row[] {
  return certifications.map((certification) => ({
    certification,
    shown: displayStatus(certification.expirationDate, today),
    employeeName: fullName(certification.employee),
    department: departmentLabel(certification.employee),
  }))
}

function matchesEmployee(e: EmployeeSummary | null | undefined, filters: Filters, extra = ''): boolean {
  if (filters.department && (e?.department ?? '') !== filters.department) return false
  const needle = filters.search.trim().toLowerCase()
  if (!needle) return true
  const haystack = `${fullName(e)} ${e?.employeeId ?? ''} ${extra}`.toLowerCase()
  return haystack.includes(needle)
}

export function filterRows(rows: readonly Row[], filters: Filters): Row[] {
  return rows.filter(({ certification: c, shown }) => {
    if (filters.status !== 'all' && shown.status !== filters.status) return false
    if (filters.typeId && String(c.certificationTypeId) !== filters.typeId) return false
    return matchesEmployee(c.employee, filters, `${c.certificationType?.name ?? ''} ${c.certificateNumber ?? ''}`)
  })
}

export function certificationsCsv(rows: readonly Row[]): string {
  return toCsv([
    [
      'Employee ID',
      'First Name',
      'Last Name',
      'Department',
      'Certification',
      'Issuing Organization',
      'Certificate Number',
      'Issue Date',
      'Expiration Date',
      'Status',
      'Days Until Expiry',
      'Active',
    ],
    ...rows.map(({ certification: c, shown, department }) => [
      c.employee?.employeeId,
      c.employee?.firstName,
      c.employee?.lastName,
      department,
      c.certificationType?.name,
      c.certificationType?.issuingOrganization,
      c.certificateNumber,
      c.issueDate,
      c.expirationDate,
      shown.label,
      shown.daysUntilExpiry,
      c.isActive ? 'Yes' : 'No',
    ]),
  ])
}

function CountCard({
  status,
  count,
  selected,
  onSelect,
}: {
  status: CertificationStatus
  count?: number
  selected: boolean
  onSelect: () => void
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'flex flex-col items-start gap-2 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>
        {STATUS_NAMES[status]}
      </span>
      {count === undefined ? <Skeleton className="h-7 w-12" /> : <span className="text-2xl font-semibold">{count}</span>}
    </button>
  )
}

function PeopleList({
  title,
  people,
  total,
  onAssign,
  detail,
}: {
  title: string
  people: (EmployeeSummary & { expirationDate?: string | null })[]
  total: number
  onAssign?: (person: EmployeeSummary) => void
  detail?: (person: EmployeeSummary & { expirationDate?: string | null }) => string
}) {
  const [expanded, setExpanded] = useState(false)
  if (total === 0) return null
  const visible = expanded ? people : people.slice(0, LIST_PREVIEW)
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">
        {title} ({total})
      </h4>
      <ul aria-label={title} className="flex flex-col divide-y rounded-lg border">
        {visible.map((person) => (
          <li key={person.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <Link href={`/employees/${person.id}`} className="font-medium hover:underline">
                {fullName(person)}
              </Link>
              <span className="text-muted-foreground">
                {' '}
                · {person.employeeId}
                {departmentLabel(person) && <> · {departmentLabel(person)}</>}
                {detail && <> · {detail(person)}</>}
              </span>
            </div>
            {onAssign && (
              <Button variant="outline" size="sm" onClick={() => onAssign(person)}>
                Assign
              </Button>
            )}
          </li>
        ))}
      </ul>
      {people.length > LIST_PREVIEW && (
        <Button variant="link" size="sm" className="w-fit px-0" onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show fewer' : `Show all ${people.length}`}
        </Button>
      )}
    </div>
  )
}

function RequiredCompliance({
  entries,
  filters,
  onAssign,
}: {
  entries: RequiredTypeCompliance[]
  filters: Filters
  onAssign: (person: EmployeeSummary, typeId: number) => void
}) {
  // The type filter narrows this list too; status is a property of held certifications only.
  const visibleEntries = filters.typeId ? entries.filter((e) => String(e.certificationType.id) === filters.typeId) : entries
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-4 text-primary" />
          Required Certifications
        </CardTitle>
        <CardDescription>Employees who lack a required certification or hold it only expired</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No certification type is marked as required. Mark one as required under Certification Types to track it
            here.
          </p>
        ) : visibleEntries.length === 0 ? (
          <p className="text-sm text-muted-foreground">The selected certification type is not marked as required.</p>
        ) : (
          visibleEntries.map((entry) => {
            const missing = entry.missing.filter((e) => matchesEmployee(e, filters))
            const expired = entry.expired.filter((e) => matchesEmployee(e, filters))
            const filtered = Boolean(filters.department || filters.search.trim())
            const percent = entry.totalEmployees ? Math.round((entry.compliantCount / entry.totalEmployees) * 100) : 100
            return (
              <section key={entry.certificationType.id} aria-label={entry.certificationType.name} className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{entry.certificationType.name}</h3>
                  <span className="text-sm text-muted-foreground">
                    {entry.compliantCount} of {entry.totalEmployees} employees compliant ({percent}%)
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`${entry.certificationType.name} compliance`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
                </div>
                {missing.length === 0 && expired.length === 0 ? (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <ShieldCheck aria-hidden="true" className="size-4 text-success" />
                    {filtered ? 'No gaps among the employees shown.' : 'Everyone holds a valid one.'}
                  </p>
                ) : (
                  <div className="grid gap-4 lg:grid-cols-2">
                    <PeopleList
                      title="Missing"
                      people={missing}
                      total={filtered ? missing.length : entry.missingCount}
                      onAssign={(person) => onAssign(person, entry.certificationType.id)}
                    />
                    <PeopleList
                      title="Expired"
                      people={expired}
                      total={filtered ? expired.length : entry.expiredCount}
                      onAssign={(person) => onAssign(person, entry.certificationType.id)}
                      detail={(person) => (person.expirationDate ? `expired ${formatDate(person.expirationDate)}` : 'expired')}
                    />
                  </div>
                )}
              </section>
            )
          })
        )}
      </CardContent>
    </Card>
  )
}

function CertificationsTable({ rows }: { rows: Row[] }) {
  const [limit, setLimit] = useState(PAGE_SIZE)
  const visible = rows.slice(0, limit)
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[760px] text-sm">
          <thead className="border-b bg-muted/50 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">Employee</th>
              <th scope="col" className="px-4 py-3">Department</th>
              <th scope="col" className="px-4 py-3">Certification</th>
              <th scope="col" className="px-4 py-3">Certificate No.</th>
              <th scope="col" className="px-4 py-3">Issued</th>
              <th scope="col" className="px-4 py-3">Expires</th>
              <th scope="col" className="px-4 py-3">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {visible.map(({ certification: c, shown, employeeName, department }) => (
              <tr key={c.id}>
                <td className="px-4 py-3">
                  {c.employee ? (
                    <Link href={`/employees/${c.employee.id}`} className="font-medium hover:underline">
                      {employeeName}
                    </Link>
                  ) : (
                    employeeName
                  )}
                  {c.employee && <div className="text-xs text-muted-foreground">{c.employee.employeeId}</div>}
                </td>
                <td className="px-4 py-3">{department || <span className="text-muted-foreground">—</span>}</td>
                <td className="px-4 py-3">
                  <div className="font-medium">{c.certificationType?.name}</div>
                  {c.certificationType?.issuingOrganization && (
                    <div className="text-xs text-muted-foreground">{c.certificationType.issuingOrganization}</div>
                  )}
                </td>
                <td className="px-4 py-3">{c.certificateNumber || <span className="text-muted-foreground">—</span>}</td>
                <td className="whitespace-nowrap px-4 py-3">{formatDate(c.issueDate)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  {c.expirationDate ? formatDate(c.expirationDate) : <span className="text-muted-foreground">Never</span>}
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1">
                    <Badge variant="outline" data-status={shown.status} className={STATUS_CLASSES[shown.status]}>
                      {shown.label}
                    </Badge>
                    {!c.isActive && <Badge variant="outline">Inactive</Badge>}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          Showing {visible.length} of {rows.length} certification{rows.length === 1 ? '' : 's'}
        </span>
        {rows.length > limit && (
          <Button variant="outline" size="sm" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
            Show more
          </Button>
        )}
      </div>
    </div>
  )
}

/** /certifications (admin): the compliance overview of every employee certification. */
export default function CertificationsPage() {
  const certifications = useAllCertifications()
  const compliance = useCompliance()
  const [filters, setFilters] = useState<Filters>({ search: '', status: 'all', typeId: '', department: '' })
  const [assigning, setAssigning] = useState<{ person: EmployeeSummary; typeId: number } | null>(null)
  const today = localToday()

  // `today` in the dependencies: the statuses are recomputed when the calendar day changes.
  const rows = useMemo(() => toRows(certifications.data ?? [], new Date()), [certifications.data, today])
  // The counts follow the search, type and department filters, never the status filter
  // (they are how one picks a status).
  const counts = useMemo(() => {
    if (!certifications.data) return undefined
    const result = Object.fromEntries(CERTIFICATION_STATUSES.map((s) => [s, 0])) as Record<CertificationStatus, number>
    for (const row of filterRows(rows, { ...filters, status: 'all' })) result[row.shown.status] += 1
    return result
  }, [certifications.data, rows, filters])
  const filtered = useMemo(() => filterRows(rows, filters), [rows, filters])
  const typeOptions = useMemo(() => {
    const seen = new Map<number, string>()
    for (const { certification: c } of rows) seen.set(c.certificationTypeId, c.certificationType?.name ?? '')
    for (const entry of compliance.data ?? []) seen.set(entry.certificationType.id, entry.certificationType.name)
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]))
  }, [rows, compliance.data])
  const departmentOptions = useMemo(() => {
    const seen = new Map<string, string>()
    const add = (e?: EmployeeSummary | null) => {
      if (e?.department) seen.set(e.department, departmentLabel(e))
    }
    for (const { certification: c } of rows) add(c.employee)
    for (const entry of compliance.data ?? []) [...entry.missing, ...entry.expired].forEach(add)
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]))
  }, [rows, compliance.data])

  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }))
  const exportCsv = () => downloadText(`certifications-${today}.csv`, certificationsCsv(filtered))

  return (
    <>
      <PageHeader
        title="Certifications"
        subtitle="Compliance overview of every employee certification"
        search={{ placeholder: 'Search employees or certifications...', value: filters.search, onChange: (search) => set({ search }) }}
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <CertificationsTabs />
        <section aria-label="Certifications by status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {STATUS_ORDER.map((status) => (
            <CountCard
              key={status}
              status={status}
              count={counts?.[status]}
              selected={filters.status === status}
              onSelect={() => set({ status: filters.status === status ? 'all' : status })}
            />
          ))}
        </section>

        <div className="flex flex-wrap items-end gap-3">
          <div className="flex w-full flex-col gap-1.5 sm:w-44">
            <Label htmlFor="filter-status">Status</Label>
            <NativeSelect
              id="filter-status"
              value={filters.status}
              onChange={(e) => set({ status: e.target.value as Filters['status'] })}
            >
              <option value="all">All statuses</option>
              {STATUS_ORDER.map((status) => (
                <option key={status} value={status}>
                  {STATUS_NAMES[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex w-full flex-col gap-1.5 sm:w-56">
            <Label htmlFor="filter-type">Certification type</Label>
            <NativeSelect id="filter-type" value={filters.typeId} onChange={(e) => set({ typeId: e.target.value })}>
              <option value="">All types</option>
              {typeOptions.map(([id, name]) => (
                <option key={id} value={String(id)}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex w-full flex-col gap-1.5 sm:w-52">
            <Label htmlFor="filter-department">Department</Label>
            <NativeSelect
              id="filter-department"
              value={filters.department}
              onChange={(e) => set({ department: e.target.value })}
            >
              <option value="">All departments</option>
              {departmentOptions.map(([slug, name]) => (
                <option key={slug} value={slug}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" className="sm:ml-auto" disabled={!certifications.data || filtered.length === 0} onClick={exportCsv}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>

        {certifications.isPending ? (
          <div role="status" aria-label="Loading certifications" className="flex flex-col gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : certifications.isError ? (
          <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
            Certifications could not be loaded right now.
          </Card>
        ) : rows.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <p className="text-lg font-medium">No certifications assigned yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Assign certifications from an employee's profile. Manage the kinds of certification under{' '}
              <Link href="/certifications/types" className="font-medium text-primary hover:underline">
                Certification Types
              </Link>
              .
            </p>
          </Card>
        ) : filtered.length === 0 ? (
          <Card className="px-6 py-12 text-center text-sm text-muted-foreground">No certifications match these filters</Card>
        ) : (
          <CertificationsTable key={JSON.stringify(filters)} rows={filtered} />
        )}

        {compliance.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : compliance.isError ? (
          <Card role="alert" className="px-6 py-8 text-center text-sm text-muted-foreground">
            Required certifications could not be loaded right now.
          </Card>
        ) : (
          <RequiredCompliance
            entries={compliance.data}
            filters={filters}
            onAssign={(person, typeId) => setAssigning({ person, typeId })}
          />
        )}
      </div>
      {assigning && (
        <AssignCertificationDialog
          open
          employeeId={assigning.person.id}
          employeeName={fullName(assigning.person)}
          defaultTypeId={assigning.typeId}
          onOpenChange={(open) => !open && setAssigning(null)}
        />
      )}
    </>
  )
}
