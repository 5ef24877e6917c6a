import { History } from 'lucide-react'
import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Pager } from '@/components/ui/list-controls'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useEmployeeHistory } from '../api/audit-events'
import { AuditEventTable } from './audit-event-table'

/** Events per page of the History tab. */
export const HISTORY_PER_PAGE = 20

function Loading() {
  return (
    <div role="status" aria-label="Loading the history" className="flex flex-col gap-2">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}

/** The profile's History tab: every recorded change of the employee's records, newest first. */
export function EmployeeHistory({ employeeId }: { employeeId: number }) {
  const [page, setPage] = useState(1)
  const history = useEmployeeHistory(employeeId, page, HISTORY_PER_PAGE)
  const shown = history.data?.items ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-4 text-primary" />
          History
        </CardTitle>
        <CardDescription>Who changed this employee's records, when, and from where</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={history}
          isEmpty={shown.length === 0}
          loading={<Loading />}
          failed={
            <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
              The history could not be loaded right now.
            </p>
          }
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No changes recorded yet</p>}
        >
          {() => (
            <div className="flex flex-col gap-4" aria-busy={history.isFetching}>
              <AuditEventTable events={shown} label="Employee history" linkEmployee={false} />
              <Pager
                page={page}
                pageSize={HISTORY_PER_PAGE}
                total={history.data?.total ?? shown.length}
                noun="events"
                onPage={setPage}
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}
