import { CalendarRange, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { useCycles, type Cycle } from '../api/cycles'
import { doneText, REVIEW_TYPE_LABELS, STATUS_LABELS, stagesOf } from '../lib/labels'
import { CycleFormDialog } from './cycle-form-dialog'

export function StatusBadge({ status }: { status: Cycle['status'] }) {
  const variant = status === 'active' ? 'default' : status === 'draft' ? 'outline' : 'secondary'
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>
}

/** A bar of the share done, with its figures in words beside it. */
export function DoneBar({ done, total }: { done: number; total: number }) {
  const share = total === 0 ? 0 : Math.round((100 * done) / total)
  return (
    <div className="flex flex-col gap-1">
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{doneText(done, total)}</p>
    </div>
  )
}

function CycleCard({ cycle }: { cycle: Cycle }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <Link href={`/cycles/${cycle.id}`} className="min-w-0 font-semibold hover:underline [overflow-wrap:anywhere]">
            {cycle.name}
          </Link>
          <StatusBadge status={cycle.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {REVIEW_TYPE_LABELS[cycle.reviewType] ?? cycle.reviewType} · {cycle.templateName}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {stagesOf(cycle).map((s) => (
            <li key={s.label}>
              {s.label}: {formatDate(s.due)}
            </li>
          ))}
        </ul>
        {cycle.status !== 'draft' && <DoneBar done={cycle.doneCount} total={cycle.reviewCount} />}
      </Card>
    </li>
  )
}

export function Notice({ children }: { children: string }) {
  return (
    <Card role="alert" className="px-6 py-10 text-center text-sm">
      {children}
    </Card>
  )
}

function Empty() {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      <CalendarRange aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">No review cycles yet</p>
      <p className="text-sm text-muted-foreground">A cycle makes a review for each person in it, all at once.</p>
    </Card>
  )
}

/** Review cycles: every cycle with its status and how far it is; New cycle makes a draft. */
export default function CyclesPage() {
  const cycles = useCycles()
  const [creating, setCreating] = useState(false)
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title="Review Cycles"
        subtitle="Launch reviews for many people at once and follow them to the end"
        addButton={{ label: 'New Cycle', onClick: () => setCreating(true), icon: <Plus aria-hidden="true" /> }}
      />
      <div className="flex flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <QueryState
          query={cycles}
          isEmpty={(cycles.data ?? []).length === 0}
          loading={<Spinner label="Loading review cycles" />}
          failed={<Notice>The review cycles could not be loaded. Please try again.</Notice>}
          empty={<Empty />}
        >
          {() => (
            <ul aria-label="Review cycles" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {(cycles.data ?? []).map((cycle) => (
                <CycleCard key={cycle.id} cycle={cycle} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <CycleFormDialog open={creating} onOpenChange={setCreating} />
    </div>
  )
}
