import { useDeferredValue } from 'react'
import { Activity as ActivityIcon, CircleCheck, NotebookPen, UserPlus, type LucideIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'
import { useRecentActivity, type Activity } from '../api/get-recent-activity'

const ICONS: Record<Activity['kind'], LucideIcon> = {
  review_completed: CircleCheck,
  employee_added: UserPlus,
  note_added: NotebookPen,
}

/** Relative time for recent events: "just now", "5 minutes ago", "3 days ago", else the date. */
export function timeAgo(value: string, now = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000)
  if (seconds < 60) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`
  const days = Math.round(hours / 24)
  if (days < 7) return `${days} ${days === 1 ? 'day' : 'days'} ago`
  return formatDate(value)
}

/** Reviews completed, employees added and HR notes written, newest first. */
export function RecentActivity() {
  // The answer renders as a background update, in slices a slow phone's main thread can
  // interleave with input, rather than in one long task as it arrives.
  const { data, isPending, isError } = useDeferredValue(useRecentActivity())

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ul aria-label="Loading recent activity" className="flex flex-col gap-4">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-3.5 w-3/4" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError || data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <ActivityIcon aria-hidden="true" className="size-6" />
            {isError ? 'Recent activity could not be loaded right now.' : 'No recent activity'}
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {data.map((event, i) => {
              const Icon = ICONS[event.kind]
              return (
                <li key={`${event.kind}-${event.employeeId}-${i}`} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0 text-sm">
                    <p>
                      <Link href={`/employees/${event.employeeId}`} className="font-medium hover:underline">
                        {event.employeeName}
                      </Link>
                      : {event.text}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={event.at}>{timeAgo(event.at)}</time>
                    </p>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
