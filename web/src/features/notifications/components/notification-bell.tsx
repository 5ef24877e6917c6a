import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Bell, CheckCheck, Settings } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import { can, useViewer } from '@/lib/access'
import { toast } from '@/lib/use-toast'
import { useMarkAllNoticesRead, useMarkNoticeRead, useNotices, useUnreadCount, type Notice } from '../api/notifications'
import { badgeText } from '../lib/time'
import { NoticeText } from './notice-text'

/** How many of the newest notices the bell's list shows. */
export const BELL_SIZE = 8

const item =
  'flex w-full cursor-pointer select-none items-start gap-2 rounded-md px-2 py-2 outline-none data-[highlighted]:bg-muted'

function BellList({ onOpen }: { onOpen: (notice: Notice) => void }) {
  const recent = useNotices(1, BELL_SIZE)
  if (recent.isPending) return <p className="px-2 py-3 text-sm text-muted-foreground">Loading…</p>
  if (recent.isError) return <p className="px-2 py-3 text-sm text-destructive">Notifications could not be loaded.</p>
  if (recent.data.items.length === 0) {
    return <p className="px-2 py-3 text-sm text-muted-foreground">You have no notifications.</p>
  }
  return (
    <>
      {recent.data.items.map((notice) => (
        <DropdownMenu.Item key={notice.id} className={item} onSelect={() => onOpen(notice)}>
          <NoticeText notice={notice} />
        </DropdownMenu.Item>
      ))}
    </>
  )
}

/** Opening a notice marks it read and goes where it leads. */
function useOpenNotice() {
  const [, navigate] = useLocation()
  const markRead = useMarkNoticeRead()
  return (notice: Notice) => {
    if (!notice.readAt) markRead.mutate(notice.id)
    navigate(notice.link ?? '/notifications')
  }
}

/** The bell: the unread count (asked again every minute and on returning to the tab) and the newest notices. */
export function NotificationBell({ align = 'start' }: { align?: 'start' | 'end' }) {
  const { access } = useViewer()
  const allowed = can(access, 'notifications.use')
  const [open, setOpen] = useState(false)
  const unread = useUnreadCount(allowed)
  const markAll = useMarkAllNoticesRead()
  const openNotice = useOpenNotice()
  const [, navigate] = useLocation()
  if (!allowed) return null
  const count = unread.data?.count ?? 0
  const readAll = () =>
    markAll.mutate(undefined, {
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Notifications could not be marked read' }),
    })
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}>
          <Bell aria-hidden="true" />
          {count > 0 && (
            <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-white">
              {badgeText(count)}
            </span>
          )}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex max-h-[min(32rem,80dvh)] w-96 max-w-[calc(100vw-1rem)] flex-col rounded-lg border bg-card shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <span className="text-sm font-semibold">Notifications</span>
            {/* A menu item, so the keyboard reaches it; the menu stays open to show the result. */}
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-primary outline-none data-[disabled]:cursor-default data-[highlighted]:bg-muted data-[disabled]:opacity-50"
              disabled={count === 0 || markAll.isPending}
              onSelect={(event) => {
                event.preventDefault()
                readAll()
              }}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </DropdownMenu.Item>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1">{open && <BellList onOpen={openNotice} />}</div>
          <DropdownMenu.Item className={`${item} items-center border-t text-sm font-medium text-primary`} onSelect={() => navigate('/notifications')}>
            <Settings aria-hidden="true" className="size-4" />
            All notifications and e-mail settings
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
