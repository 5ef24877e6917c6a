import { CalendarDays, CircleCheck } from 'lucide-react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api-client'
import { formatDate, humanize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useMyWork, type MyWork, type MyWorkItem } from '../api/get-my-work'
import { byUrgency, itemAction, itemLink, totalWork, WORK_GROUPS, type WorkGroup } from '../lib/groups'

/** Whose work an item is about: a self-review or a review to acknowledge is the reader's own. */
function personText(group: WorkGroup, item: MyWorkItem): string {
  if (group.key === 'selfReviews') return 'Your self-review'
  if (group.key === 'reviewsToAcknowledge') return 'Your review'
  return item.employeeName
}

function WorkItem({ group, item }: { group: WorkGroup; item: MyWorkItem }) {
  return (
    <Card
      className={cn(
        'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5',
        item.overdue && 'border-l-4 border-l-destructive',
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{personText(group, item)}</h3>
          {item.overdue && <Badge variant="destructive">Overdue</Badge>}
          {item.kind === 'share' && <Badge variant="secondary">Completed, not shared yet</Badge>}
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {item.cycleName && <span>{item.cycleName}</span>}
          {item.reviewType && <span>{humanize(item.reviewType)}</span>}
          {item.due && (
            <span className={cn('inline-flex items-center gap-1', item.overdue && 'font-medium text-destructive')}>
              <CalendarDays aria-hidden="true" className="size-3.5" />
              Due {formatDate(item.due)}
            </span>
          )}
        </p>
      </div>
      <Button asChild variant={item.overdue ? 'default' : 'outline'} className="w-full sm:w-auto">
        <Link href={itemLink(group, item)}>
          {itemAction(group, item)}
          <span className="sr-only">: {personText(group, item)}</span>
        </Link>
      </Button>
    </Card>
  )
}

function WorkGroupSection({ group, items }: { group: WorkGroup; items: MyWorkItem[] }) {
  const headingId = `my-work-${group.key}`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {group.title} <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
      </h2>
      <ul className="flex flex-col gap-3">
        {byUrgency(items).map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <WorkItem group={group} item={item} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function NothingToDo() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CircleCheck aria-hidden="true" className="size-10 text-primary" />
      <h2 className="text-lg font-semibold">Nothing to do</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        You have no self-review, feedback or review waiting for you. When a review cycle asks something of you, it shows
        here.
      </p>
    </Card>
  )
}

function Loading() {
  return (
    <ul aria-label="Loading your reviews" className="flex flex-col gap-3">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i}>
          <Card className="flex flex-col gap-2 p-5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** The groups that have something in them; groups with nothing are left out. */
export function MyWorkGroups({ work }: { work: MyWork }) {
  return (
    <div className="flex flex-col gap-8">
      {WORK_GROUPS.filter((group) => work[group.key].length > 0).map((group) => (
        <WorkGroupSection key={group.key} group={group} items={work[group.key]} />
      ))}
    </div>
  )
}

/** My reviews: the self-reviews, feedback, reviews to write and reviews to acknowledge of the reader. */
export default function MyWorkPage() {
  const work = useMyWork()
  return (
    <>
      <PageHeader title="My Reviews" subtitle="What the review cycles ask of you, most urgent first" />
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <QueryState
          query={work}
          isEmpty={work.data !== undefined && totalWork(work.data) === 0}
          loading={<Loading />}
          failed={
            <p role="alert" className="text-sm text-destructive">
              Your reviews could not be loaded. {errorMessage(work.error, 'Please try again in a moment.')}
            </p>
          }
          empty={<NothingToDo />}
        >
          {() => <MyWorkGroups work={work.data!} />}
        </QueryState>
      </div>
    </>
  )
}
