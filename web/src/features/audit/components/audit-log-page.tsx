import { Download, ScrollText } from 'lucide-react'
import { useId, useState, type InputHTMLAttributes } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { FilterSelect, Pager, pageOf } from '@/components/ui/list-controls'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api-client'
import { useSearchField, useUrlState } from '@/lib/url-state'
import { toast } from '@/lib/use-toast'
import { downloadAuditCsv, useAuditActors, useAuditPage, type AuditFilters } from '../api/audit-events'
import { ACTIONS, RESOURCES } from '../lib/labels'
import { AuditEventTable } from './audit-event-table'

/** Events per page. */
export const AUDIT_PER_PAGE = 50

const DEFAULTS = { actor: '', resource: '', action: '', record: '', from: '', to: '', page: '1' } as const
type Key = keyof typeof DEFAULTS

function filtersOf(state: Record<Key, string>): AuditFilters {
  const { actor, resource, action, record, from, to } = state
  return { actor, resource, action, recordId: record, from, to }
}

function PersonFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const actors = useAuditActors()
  return (
    <FilterSelect label="Person" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Everyone</option>
      {(actors.data ?? []).map((actor) => {
        // A personal account by its id; a shared sign-in (no id) by its role.
        const key = actor.userId ?? actor.role ?? ''
        const kind = actor.userId ? actor.role ?? 'account' : 'shared sign-in'
        return (
          <option key={`${actor.userId ?? ''}:${actor.role ?? ''}`} value={key}>
            {actor.name} ({kind})
          </option>
        )
      })}
    </FilterSelect>
  )
}

/** A filter's text or date box under its label, like the selects beside it. */
function FilterInput({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground">
      <label htmlFor={id}>{label}</label>
      <Input id={id} {...props} />
    </div>
  )
}

function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FilterInput
      label={label}
      type="date"
      min="1900-01-01"
      max="2100-12-31"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

function Filters({ state, refine }: { state: Record<Key, string>; refine: (patch: Partial<Record<Key, string>>) => void }) {
  const [record, setRecord] = useSearchField(state.record, (value) => refine({ record: value }))
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
      <PersonFilter value={state.actor} onChange={(actor) => refine({ actor })} />
      <FilterSelect label="Record type" value={state.resource} onChange={(e) => refine({ resource: e.target.value })}>
        <option value="">All records</option>
        {RESOURCES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </FilterSelect>
      <FilterInput
        label="Record ID"
        value={record}
        maxLength={64}
        placeholder="Any"
        onChange={(e) => setRecord(e.target.value)}
      />
      <FilterSelect label="Action" value={state.action} onChange={(e) => refine({ action: e.target.value })}>
        <option value="">All actions</option>
        {ACTIONS.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </FilterSelect>
      <DayFilter label="From" value={state.from} onChange={(from) => refine({ from })} />
      <DayFilter label="To" value={state.to} onChange={(to) => refine({ to })} />
    </div>
  )
}

function ExportButton({ filters }: { filters: AuditFilters }) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await downloadAuditCsv(filters)
    } catch (error) {
      toast({ title: 'Export Failed', description: errorMessage(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy} className="w-fit">
      <Download aria-hidden="true" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  )
}

function Notice({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <Card role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      <ScrollText aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">{children}</p>
    </Card>
  )
}

function TableSkeleton() {
  return (
    <Card role="status" aria-label="Loading the audit log" className="flex flex-col gap-2 p-4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </Card>
  )
}

/** Admin → Audit Log: who changed what, when and from where, filtered, paged and exported. */
export default function AuditLogPage() {
  const [state, update] = useUrlState<Key>(DEFAULTS)
  const page = pageOf(state.page)
  const refine = (patch: Partial<Record<Key, string>>) => update({ ...patch, page: '1' })
  const filters = filtersOf(state)
  const log = useAuditPage(filters, page, AUDIT_PER_PAGE)
  const shown = log.data?.items ?? []
  return (
    <>
      <PageHeader title="Audit Log" subtitle="Every change: who made it, when, and from where" />
      <div className="flex flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <Filters state={state} refine={refine} />
        <ExportButton filters={filters} />
        <QueryState
          query={log}
          isEmpty={shown.length === 0}
          loading={<TableSkeleton />}
          failed={<Notice alert>{errorMessage(log.error, 'The audit log could not be loaded.')}</Notice>}
          empty={<Notice>No events match these filters</Notice>}
        >
          {() => (
            <div className="flex flex-col gap-4" aria-busy={log.isFetching}>
              <Card className="p-4">
                <AuditEventTable events={shown} label="Audit events" />
              </Card>
              <Pager
                page={page}
                pageSize={AUDIT_PER_PAGE}
                total={log.data?.total ?? shown.length}
                noun="events"
                onPage={(next) => update({ page: String(next) })}
              />
            </div>
          )}
        </QueryState>
      </div>
    </>
  )
}
