import { TriangleAlert } from 'lucide-react'
import { Card } from '@/components/ui/card'
import type { CyclePreview } from '../api/cycles'

/** People shown at most: a large cycle's preview is read for its figures and first names. */
export const PREVIEW_SHOWN = 200

/** Before launch: who is in the cycle and who would review each, those without a reviewer first. */
export function PreviewPanel({ preview }: { preview: CyclePreview }) {
  const people = [...preview.people].sort((a, b) => Number(a.reviewerUserId !== null) - Number(b.reviewerUserId !== null))
  const shown = people.slice(0, PREVIEW_SHOWN)
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
          <table aria-label="People in the cycle" className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Employee</th>
                <th scope="col" className="py-2 pr-4 font-medium">Department</th>
                <th scope="col" className="py-2 font-medium">Reviewer</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {shown.map((p) => (
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
