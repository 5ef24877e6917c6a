import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { Filters } from '../lib/certification-rows'
import { STATUS_NAMES, type CertificationStatus } from '../lib/certification-status'
import { STATUS_CLASSES } from './status-badge'

/** The order of the count cards and the status filter: most urgent first. */
const STATUS_ORDER: CertificationStatus[] = ['expired', 'expiring', 'warning', 'active', 'no_expiry']

type SetFilters = (change: Partial<Filters>) => void

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

/** A card per status with its count; pressing one filters by it, pressing it again clears that. */
export function StatusCountCards({
  counts,
  filters,
  set,
}: {
  counts?: Record<CertificationStatus, number>
  filters: Filters
  set: SetFilters
}) {
  return (
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
  )
}

function FilterSelect({
  id,
  label,
  className,
  value,
  onChange,
  children,
}: {
  id: string
  label: string
  className: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <div className={cn('flex w-full flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  )
}

/** The status, type and department filters; `children` (the export button) goes at the end. */
export function FilterBar({
  filters,
  set,
  types,
  departments,
  children,
}: {
  filters: Filters
  set: SetFilters
  types: [number, string][]
  departments: [string, string][]
  children: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect
        id="filter-status"
        label="Status"
        className="sm:w-44"
        value={filters.status}
        onChange={(status) => set({ status: status as Filters['status'] })}
      >
        <option value="all">All statuses</option>
        {STATUS_ORDER.map((status) => (
          <option key={status} value={status}>
            {STATUS_NAMES[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="filter-type" label="Certification type" className="sm:w-56" value={filters.typeId} onChange={(typeId) => set({ typeId })}>
        <option value="">All types</option>
        {types.map(([id, name]) => (
          <option key={id} value={String(id)}>
            {name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="filter-department"
        label="Department"
        className="sm:w-52"
        value={filters.department}
        onChange={(department) => set({ department })}
      >
        <option value="">All departments</option>
        {departments.map(([slug, name]) => (
          <option key={slug} value={slug}>
            {name}
          </option>
        ))}
      </FilterSelect>
      {children}
    </div>
  )
}
