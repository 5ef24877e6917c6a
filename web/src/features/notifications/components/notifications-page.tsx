import { CheckCheck } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/lib/use-toast'
import { useMarkAllNoticesRead, useMarkNoticeRead, useNotices, type Notice } from '../api/notifications'
import { NoticeText } from './notice-text'
import { NotificationPreferences } from './notification-preferences'

export const PAGE_SIZE = 20

function NoticeRow({ notice }: { notice: Notice }) {
  const [, navigate] = useLocation()
  const markRead = useMarkNoticeRead()
  const open = () => {
    if (!notice.readAt) markRead.mutate(notice.id)
    if (notice.link) navigate(notice.link)
  }
  return (
    <li>
      <button
        type="button"
        onClick={open}
        className="w-full rounded-lg px-3 py-3 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <NoticeText notice={notice} />
      </button>
    </li>
  )
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null
  return (
    <div className="flex items-center justify-between gap-2 border-t pt-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </div>
  )
}

function NoticeList() {
  const [page, setPage] = useState(1)
  const notices = useNotices(page, PAGE_SIZE)
  const markAll = useMarkAllNoticesRead()
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) => toast({ title: updated ? `${updated} marked read` : 'Nothing unread' }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Notifications could not be marked read' }),
    })
  const items = notices.data?.items ?? []
  return (
    <Card className="flex flex-col gap-2 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">All notifications</h2>
        <Button variant="outline" size="sm" disabled={markAll.isPending || items.length === 0} onClick={readAll}>
          <CheckCheck aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      {notices.isPending && <Skeleton className="h-32 w-full" />}
      {notices.isError && <p className="text-sm text-destructive">Notifications could not be loaded.</p>}
      {notices.data && items.length === 0 && <p className="text-sm text-muted-foreground">You have no notifications.</p>}
      {items.length > 0 && (
        <ul aria-label="Notifications" className="-mx-3 flex flex-col">
          {items.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={Math.ceil((notices.data?.total ?? 0) / PAGE_SIZE)} onPage={setPage} />
    </Card>
  )
}

/** /notifications: every notice, newest first, and how each kind comes by e-mail. */
export default function NotificationsPage() {
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Notifications" subtitle="What concerns you, and how you hear of it" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
        <NoticeList />
        <NotificationPreferences />
      </div>
    </div>
  )
}
