import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { StatGroup } from '@/components/ui/stat-group'
import { cn } from '@/lib/utils'
import type { CycleProgress } from '../api/cycles'
import { STAGE_LABELS, STAGES } from '../lib/labels'
import { useMediaQuery } from '@/lib/use-media-query'
import { DoneBar } from './cycles-page'

interface Row {
  key: string
  name: string
  total: number
  done: number
  overdue: number
}

/** Wide enough for a breakdown's table; below it (a phone) each row is stacked. */
export const BREAKDOWN_TABLE_QUERY = '(min-width: 640px)'

function BreakdownTable({ title, column, rows }: { title: string; column: string; rows: Row[] }) {
  return (
    <table aria-label={title} className="w-full min-w-[24rem] text-left text-sm">
      <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">{column}</th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">Reviews</th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">Done</th>
          <th scope="col" className="py-2 text-right font-medium">Overdue</th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="py-2 pr-4">{row.name}</td>
            <td className="py-2 pr-4 text-right">{row.total}</td>
            <td className="py-2 pr-4 text-right">{row.done}</td>
            <td className={cn('py-2 text-right', row.overdue > 0 && 'font-semibold text-destructive')}>{row.overdue}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The same rows on a phone: the name, then its figures on a line of their own. */
function BreakdownList({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <ul aria-label={title} className="flex flex-col divide-y text-sm">
      {rows.map((row) => (
        <li key={row.key} className="flex min-w-0 flex-col gap-0.5 py-2 first:pt-0">
          <span className="font-medium [overflow-wrap:anywhere]">{row.name}</span>
          <span className="flex flex-wrap gap-x-3 text-muted-foreground">
            <span>{row.total} {row.total === 1 ? 'review' : 'reviews'}</span>
            <span>{row.done} done</span>
            <span className={cn(row.overdue > 0 && 'font-semibold text-destructive')}>{row.overdue} overdue</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

/** A breakdown (per department, per reviewer): a table, or stacked rows on a phone. */
function Breakdown({ title, column, rows }: { title: string; column: string; rows: Row[] }) {
  const wide = useMediaQuery(BREAKDOWN_TABLE_QUERY, true)
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4">
      <h2 className="font-semibold">{title}</h2>
      <div className="max-h-96 overflow-auto">
        {wide ? <BreakdownTable title={title} column={column} rows={rows} /> : <BreakdownList title={title} rows={rows} />}
      </div>
    </Card>
  )
}

function Figure({ label, value, alert = false, children }: { label: string; value: number; alert?: boolean; children?: ReactNode }) {
  return (
    <Card className={cn('flex flex-col gap-1 p-4', alert && value > 0 && 'border-destructive')}>
      <h3 className="text-xs font-medium text-muted-foreground">{label}</h3>
      <p className={cn('text-2xl font-semibold', alert && value > 0 && 'text-destructive')}>{value.toLocaleString('en-US')}</p>
      {children}
    </Card>
  )
}

/** After launch: reviews per stage, overdue highlighted, then per department and per reviewer. */
export function ProgressPanel({ progress }: { progress: CycleProgress }) {
  const departments = progress.byDepartment.map((d) => ({ ...d, key: String(d.departmentId), name: d.department ?? 'No department' }))
  const reviewers = progress.byReviewer.map((r) => ({ ...r, key: r.reviewerUserId ?? '', name: r.reviewerName ?? 'No reviewer' }))
  return (
    <div className="flex flex-col gap-4">
      <StatGroup label="Reviews by stage" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
        <Figure label="Reviews" value={progress.total}>
          <DoneBar done={progress.byStage.done} total={progress.total} />
        </Figure>
        <Figure label="Overdue" value={progress.overdue} alert />
        {STAGES.map((stage) => (
          <Figure key={stage} label={STAGE_LABELS[stage]} value={progress.byStage[stage] ?? 0} />
        ))}
      </StatGroup>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Breakdown title="By department" column="Department" rows={departments} />
        <Breakdown title="By reviewer" column="Reviewer" rows={reviewers} />
      </div>
    </div>
  )
}
