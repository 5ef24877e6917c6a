import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import type { AuditEvent } from '../api/audit-events'
import { actionLabel, actionTone, fieldLabel, formatMoment, resourceLabel, shownValue } from '../lib/labels'

const SHOWN_CHANGES = 6

/** "Position: Engineer → Lead", one line per field (a few, then how many more). */
function Changes({ changes }: { changes: AuditEvent['changes'] }) {
  const fields = Object.entries(changes ?? {})
  if (fields.length === 0) return null
  const more = fields.length - SHOWN_CHANGES
  return (
    <ul aria-label="Changes" className="mt-1 flex flex-col gap-0.5 text-xs text-muted-foreground">
      {fields.slice(0, SHOWN_CHANGES).map(([field, pair]) => (
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="font-medium text-foreground">{fieldLabel(field)}:</span> {shownValue(pair[0])} →{' '}
          {shownValue(pair[1])}
        </li>
      ))}
      {more > 0 && <li>and {more} more</li>}
    </ul>
  )
}

function Who({ event }: { event: AuditEvent }) {
  return (
    <div className="flex flex-col">
      <span className="font-medium">{event.actorName}</span>
      <span className="text-xs text-muted-foreground">
        {event.actorUserId ? `Account ${event.actorUserId}` : event.actorRole ? 'Shared sign-in' : 'System'}
      </span>
    </div>
  )
}

function Record({ event, linkEmployee }: { event: AuditEvent; linkEmployee: boolean }) {
  const label = `${resourceLabel(event.resource)}${event.recordId ? ` #${event.recordId}` : ''}`
  return (
    <div className="flex flex-col">
      <span>{label}</span>
      {linkEmployee && event.employeeId !== null && (
        <Link href={`/employees/${event.employeeId}`} className="text-xs text-primary hover:underline">
          Employee #{event.employeeId}
        </Link>
      )}
    </div>
  )
}

const COLUMNS = ['When', 'Who', 'Action', 'Record', 'What', 'From']

/**
 * Events as a table: when, who (an account or a shared sign-in), the action, the record, the
 * summary with the fields before and after, and the client address (the request id on hover).
 */
export function AuditEventTable({
  events,
  label,
  linkEmployee = true,
}: {
  events: readonly AuditEvent[]
  label: string
  /** Whether the record names the employee it concerns with a link to the profile. */
  linkEmployee?: boolean
}) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {events.map((event) => (
            <tr key={event.id} className="align-top">
              <td className="whitespace-nowrap py-3 pr-4">{formatMoment(event.at)}</td>
              <td className="py-3 pr-4">
                <Who event={event} />
              </td>
              <td className="py-3 pr-4">
                <Badge variant={actionTone(event.action)}>{actionLabel(event.action)}</Badge>
              </td>
              <td className="whitespace-nowrap py-3 pr-4">
                <Record event={event} linkEmployee={linkEmployee} />
              </td>
              <td className="min-w-64 py-3 pr-4">
                <p className="[overflow-wrap:anywhere]">{event.summary}</p>
                <Changes changes={event.changes} />
              </td>
              <td className="whitespace-nowrap py-3 text-muted-foreground" title={event.requestId ?? undefined}>
                {event.ip ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
