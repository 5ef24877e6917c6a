import * as Tabs from '@radix-ui/react-tabs'
import { AlarmClock, Bell, BellDot, Check, CheckCheck, type LucideIcon } from 'lucide-react'
import { useMemo } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { TAB_TRIGGER_CLASS } from '@/components/ui/list-controls'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { toast } from '@/lib/use-toast'
import { formatDate, humanize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useMarkAllRemindersRead, useMarkReminderRead, useReminders, type Reminder } from '../api/get-reminders'
import { dueText, reminderUrgency, URGENCY_LABEL, URGENCY_VARIANT } from '../lib/urgency'

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
] as const

function SummaryCard({ label, value, icon: Icon }: { label: string; value?: number; icon: LucideIcon }) {
  return (
    <Card className="flex items-center justify-between p-5">
      <div>
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-12" />
        ) : (
          <p className="text-2xl font-semibold">{value}</p>
        )}
      </div>
      <Icon aria-hidden="true" className="size-6 text-primary" />
    </Card>
  )
}

function ReminderItem({ reminder }: { reminder: Reminder }) {
  const markRead = useMarkReminderRead()
  const urgency = reminderUrgency(reminder.dueDate)
  const onMarkRead = () =>
    markRead.mutate(reminder.id, {
      onSuccess: () => toast({ title: 'Reminder marked as read' }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to mark reminder as read' }),
    })

  return (
    <Card className={cn('flex flex-col gap-3 p-5 sm:flex-row sm:items-center', !reminder.isRead && 'border-l-4 border-l-primary')}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{reminder.message}</p>
          <Badge variant={URGENCY_VARIANT[urgency]}>{URGENCY_LABEL[urgency]}</Badge>
          {reminder.isRead && <Badge variant="outline">Read</Badge>}
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-muted-foreground">
          <span>{humanize(reminder.type)}</span>
          {reminder.dueDate && <span>Due {formatDate(reminder.dueDate)}</span>}
          <span>{dueText(reminder.dueDate)}</span>
        </p>
      </div>
      {!reminder.isRead && (
        <Button variant="outline" size="sm" disabled={markRead.isPending} onClick={onMarkRead}>
          <Check aria-hidden="true" />
          Mark Read
        </Button>
      )}
    </Card>
  )
}

function ReminderList({ reminders, isPending, isError }: { reminders: Reminder[]; isPending: boolean; isError: boolean }) {
  if (isPending) {
    return (
      <ul aria-label="Loading reminders" className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} data-testid="reminder-skeleton">
            <Card className="flex flex-col gap-2 p-5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </Card>
          </li>
        ))}
      </ul>
    )
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Reminders could not be loaded right now.
      </p>
    )
  }
  if (reminders.length === 0) return <Card className="px-6 py-12 text-center text-sm text-muted-foreground">No reminders</Card>
  return (
    <ul className="flex flex-col gap-3">
      {reminders.map((reminder) => (
        <li key={reminder.id}>
          <ReminderItem reminder={reminder} />
        </li>
      ))}
    </ul>
  )
}

/**
 * Reminders: tabs All / Unread / Read, cards Total / Unread / Overdue, Mark Read, and
 * Mark all read. The daily jobs write them for reviews coming due or overdue and for
 * certifications expiring or expired.
 */
export default function RemindersPage() {
  const { data, isPending, isError } = useReminders()
  const markAll = useMarkAllRemindersRead()
  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) =>
        toast({ title: updated === 1 ? '1 reminder marked as read' : `${updated} reminders marked as read` }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to mark reminders as read' }),
    })
  const counts = useMemo(() => {
    if (!data) return undefined
    return {
      total: data.length,
      unread: data.filter((r) => !r.isRead).length,
      overdue: data.filter((r) => reminderUrgency(r.dueDate) === 'overdue').length,
    }
  }, [data])

  return (
    <>
      <PageHeader title="Reminders" subtitle="Reviews coming due or overdue, and certifications expiring or expired" />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <StatGroup label="Summary" className="grid gap-4 sm:grid-cols-3">
          <SummaryCard label="Total" value={counts?.total} icon={Bell} />
          <SummaryCard label="Unread" value={counts?.unread} icon={BellDot} />
          <SummaryCard label="Overdue" value={counts?.overdue} icon={AlarmClock} />
        </StatGroup>
        <Tabs.Root defaultValue="all" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List aria-label="Filter reminders" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  className={TAB_TRIGGER_CLASS}
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Button variant="outline" disabled={!counts?.unread || markAll.isPending} onClick={onMarkAll}>
              <CheckCheck aria-hidden="true" />
              Mark all read
            </Button>
          </div>
          {TABS.map((tab) => {
            const shown = (data ?? []).filter((r) =>
              tab.value === 'all' ? true : tab.value === 'unread' ? !r.isRead : r.isRead,
            )
            return (
              <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
                <ReminderList reminders={shown} isPending={isPending} isError={isError} />
              </Tabs.Content>
            )
          })}
        </Tabs.Root>
      </div>
    </>
  )
}
