import { ArrowRight, ListTodo } from 'lucide-react'
import { Link } from 'wouter'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useMyWork } from '../api/get-my-work'
import { counts, totalWork, WORK_GROUPS } from '../lib/groups'

const SHORT = Object.fromEntries(WORK_GROUPS.map((group) => [group.key, group.short]))

/** The dashboard's 'My reviews' card: how much of each kind of review work waits, linking to the list. */
export function MyWorkCard() {
  const work = useMyWork()
  const data = work.data
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <ListTodo aria-hidden="true" className="size-4 text-primary" />
          My Reviews
        </CardTitle>
        <Link
          href="/my-reviews"
          aria-label="Open my reviews"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Open
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </CardHeader>
      <CardContent>
        {work.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : work.isError || !data ? (
          <p role="alert" className="text-sm text-muted-foreground">
            Your reviews could not be loaded right now.
          </p>
        ) : totalWork(data) === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to do right now.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3">
            {counts(data).map(({ key, count, overdue }) => (
              <div key={key} className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{SHORT[key]}</dt>
                <dd className="text-2xl font-semibold">
                  {count}
                  {overdue > 0 && (
                    <span className={cn('ml-2 text-xs font-medium text-destructive')}>{overdue} overdue</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  )
}
