import { TriangleAlert } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import type { CyclePreview } from '../api/cycles'
import { useMediaQuery } from '@/lib/use-media-query'

/** People shown at most: a large cycle's preview is read for its figures and first names. */
export const PREVIEW_SHOWN = 200

/** Wide enough for the preview's table; below it (a phone) each person is a stacked row. */
export const PREVIEW_TABLE_QUERY = '(min-width: 640px)'

type Person = CyclePreview['people'][number]

function PeopleTable({ people }: { people: Person[] }) {
  return (
    <table aria-label="People in the cycle" className="w-full min-w-[32rem] text-left text-sm">
      <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">Employee</th>
          <th scope="col" className="py-2 pr-4 font-medium">Department</th>
          <th scope="col" className="py-2 font-medium">Reviewer</th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {people.map((p) => (
          <tr key={p.employeeId}>
            <td className="py-2 pr-4">{p.employeeName}</td>
            <td className="py-2 pr-4 text-muted-foreground">{p.department ?? '—'}</td>
            <td className={p.reviewerName ? 'py-2' : 'py-2 font-medium text-destructive'}>
              {p.reviewerName ?? 'No reviewer'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The same people on a phone: name, then department and reviewer below it. */
function PeopleList({ people }: { people: Person[] }) {
  return (
    <ul aria-label="People in the cycle" className="flex flex-col divide-y text-sm">
      {people.map((p) => (
        <li key={p.employeeId} className="flex min-w-0 flex-col gap-0.5 py-2 first:pt-0">
          <span className="font-medium [overflow-wrap:anywhere]">{p.employeeName}</span>
          <span className="text-muted-foreground [overflow-wrap:anywhere]">{p.department ?? 'No department'}</span>
          <span className={cn('[overflow-wrap:anywhere]', !p.reviewerName && 'font-medium text-destructive')}>
            {p.reviewerName ? `Reviewer: ${p.reviewerName}` : 'No reviewer'}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Before launch: who is in the cycle and who would review each, those without a reviewer first. */
export function PreviewPanel({ preview }: { preview: CyclePreview }) {
  const people = [...preview.people].sort((a, b) => Number(a.reviewerUserId !== null) - Number(b.reviewerUserId !== null))
  const shown = people.slice(0, PREVIEW_SHOWN)
  const wide = useMediaQuery(PREVIEW_TABLE_QUERY, true)
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {preview.count === 1 ? '1 person' : `${preview.count.toLocaleString('en-US')} people`} in this cycle
        </h2>
        {preview.withoutReviewer > 0 && (
          <p className="flex items-center gap-1 text-sm font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {preview.withoutReviewer.toLocaleString('en-US')} without a reviewer
          </p>
        )}
      </div>
      {preview.count === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is in this cycle: change who is in it before launching.</p>
      ) : (
        <div className="overflow-x-auto">
          {wide ? <PeopleTable people={shown} /> : <PeopleList people={shown} />}
          {people.length > shown.length && (
            <p className="pt-2 text-xs text-muted-foreground">
              And {(people.length - shown.length).toLocaleString('en-US')} more.
            </p>
          )}
        </div>
      )}
    </Card>
  )
}
