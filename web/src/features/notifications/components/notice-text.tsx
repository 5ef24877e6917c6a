import { cn } from '@/lib/utils'
import type { Notice } from '../api/notifications'
import { ageText } from '../lib/time'

/** A notice's title, what happened and how long ago; unread ones marked by a dot and weight. */
export function NoticeText({ notice }: { notice: Notice }) {
  const unread = !notice.readAt
  return (
    <span className="flex min-w-0 items-start gap-2 text-left">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block break-words text-sm', unread ? 'font-semibold' : 'font-medium')}>
          {notice.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        <span className="block break-words text-sm text-muted-foreground">{notice.body}</span>
        <span className="block text-xs text-muted-foreground">{ageText(notice.createdAt)}</span>
      </span>
    </span>
  )
}
