import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { localToday } from '@/lib/date-range'
import { parseDate } from '@/lib/format'
import { useCompliance } from '../api/compliance'
import { useAllCertifications, type EmployeeSummary } from '../api/employee-certifications'
import {
  certificationsCsv,
  departmentOptions,
  filterRows,
  fullName,
  NO_FILTERS,
  statusCounts,
  toRows,
  typeOptions,
  type Filters,
  type Row,
} from '../lib/certification-rows'
import { downloadText } from '../lib/csv'
import { AssignCertificationDialog } from './assign-certification-dialog'
import { FilterBar, StatusCountCards } from './certification-filters'
import { CertificationsTable } from './certifications-table'
import { CertificationsTabs } from './certifications-tabs'
import { RequiredCompliance } from './required-compliance'

/** The held certifications, or why there are none to show. */
function HeldCertifications({
  query,
  rows,
  filtered,
  filters,
}: {
  query: { isPending: boolean; isError: boolean }
  rows: Row[]
  filtered: Row[]
  filters: Filters
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading certifications" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    return (
      <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
        Certifications could not be loaded right now.
      </Card>
    )
  }
  if (rows.length === 0) {
    return (
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
    )
  }
  if (filtered.length === 0) {
    return <Card className="px-6 py-12 text-center text-sm text-muted-foreground">No certifications match these filters</Card>
  }
  return <CertificationsTable key={JSON.stringify(filters)} rows={filtered} />
}

/** /certifications (admin): the compliance overview of every employee certification. */
export default function CertificationsPage() {
  const certifications = useAllCertifications()
  const compliance = useCompliance()
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [assigning, setAssigning] = useState<{ person: EmployeeSummary; typeId: number } | null>(null)
  const today = localToday()

  // Keyed by the calendar day, so the statuses are recomputed when the day changes.
  const rows = useMemo(() => toRows(certifications.data ?? [], parseDate(today)), [certifications.data, today])
  const counts = useMemo(() => (certifications.data ? statusCounts(rows, filters) : undefined), [certifications.data, rows, filters])
  const filtered = useMemo(() => filterRows(rows, filters), [rows, filters])
  const types = useMemo(() => typeOptions(rows, compliance.data ?? []), [rows, compliance.data])
  const departments = useMemo(() => departmentOptions(rows, compliance.data ?? []), [rows, compliance.data])

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
        <StatusCountCards counts={counts} filters={filters} set={set} />
        <FilterBar filters={filters} set={set} types={types} departments={departments}>
          <Button variant="outline" className="sm:ml-auto" disabled={!certifications.data || filtered.length === 0} onClick={exportCsv}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </FilterBar>
        <HeldCertifications query={certifications} rows={rows} filtered={filtered} filters={filters} />
        {compliance.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : compliance.isError ? (
          <Card role="alert" className="px-6 py-8 text-center text-sm text-muted-foreground">
            Required certifications could not be loaded right now.
          </Card>
        ) : (
          <RequiredCompliance entries={compliance.data} filters={filters} onAssign={(person, typeId) => setAssigning({ person, typeId })} />
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
