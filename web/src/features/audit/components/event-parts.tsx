import { useState } from 'react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import type { AuditEvent } from '../api/audit-events'
import { changeLines } from '../lib/changes'
import { actionLabel, actionTone, formatMoment, momentParts, recordName } from '../lib/labels'

/** Changes listed before "Show n more" (one more than this shows them all: no "Show 1 more"). */
export const SHOWN_CHANGES = 6

/** "Position: Engineer → Lead", one line per field, a few first and the rest on request. */
export function Changes({ event }: { event: AuditEvent }) {
  const [all, setAll] = useState(false)
  const lines = changeLines(event)
  if (lines.length === 0) return null
  const shown = all || lines.length <= SHOWN_CHANGES + 1 ? lines : lines.slice(0, SHOWN_CHANGES)
  const hidden = lines.length - shown.length
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      <ul aria-label="Changes" className="flex w-full flex-col gap-0.5 text-xs text-muted-foreground">
        {shown.map((line) => (
          <li key={line.field} className="[overflow-wrap:anywhere]" title={line.title}>
            <span className="font-medium text-foreground">{line.label}:</span> {line.text}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Show {hidden} more
        </button>
      )}
    </div>
  )
}

/** The summary the server wrote, and the fields before and after. */
export function What({ event }: { event: AuditEvent }) {
  return (
    <>
      {event.summary && <p className="[overflow-wrap:anywhere]">{event.summary}</p>}
      <Changes event={event} />
    </>
  )
}

/** A personal account by its person's name (the account id on hover); a role's shared sign-in says so. */
export function Who({ event, className }: { event: AuditEvent; className?: string }) {
  const account = event.actorUserId ? `Account ${event.actorUserId}` : undefined
  return (
    <span className={className}>
      <span className="font-medium [overflow-wrap:anywhere]" title={account}>
        {event.actorName}
      </span>
      {!event.actorUserId && event.actorRole && (
        <span className="text-xs text-muted-foreground">Shared sign-in</span>
      )}
    </span>
  )
}

export function ActionBadge({ action }: { action: string }) {
  return <Badge variant={actionTone(action)}>{actionLabel(action)}</Badge>
}

/** The record ("Employee #12"), and the employee it concerns as a link to their profile. */
export function RecordName({ event, linkEmployee }: { event: AuditEvent; linkEmployee: boolean }) {
  const record = recordName(event.resource, event.recordId)
  return (
    <>
      <span className="[overflow-wrap:anywhere]" title={record.title}>
        {record.text}
      </span>
      {linkEmployee && event.employeeId !== null && (
        <Link
          href={`/employees/${event.employeeId}`}
          className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
        >
          {event.employeeName ?? `Employee #${event.employeeId}`}
        </Link>
      )}
    </>
  )
}

/** The moment, on two lines in a table ("Jan 5, 2026" over "3:04 PM") or on one. */
export function When({ at, split = false }: { at: string; split?: boolean }) {
  if (!split) return <time dateTime={at}>{formatMoment(at)}</time>
  const { day, time } = momentParts(at)
  return (
    <time dateTime={at} className="flex flex-col">
      <span className="whitespace-nowrap">{day}</span>
      <span className="text-xs text-muted-foreground">{time}</span>
    </time>
  )
}

/** The client's address, with the request id on hover. */
export function From({ event, className }: { event: AuditEvent; className?: string }) {
  return (
    <span className={className} title={event.requestId ?? undefined}>
      {event.ip ?? '—'}
    </span>
  )
}
