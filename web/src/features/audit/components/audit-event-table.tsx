import type { AuditEvent } from '../api/audit-events'
import { useMediaQuery } from '@/lib/use-media-query'
import { ActionBadge, From, RecordName, What, When, Who } from './event-parts'

/**
 * Wide enough for the table: below it (phones, tablets, a laptop's half screen) the events are
 * cards, so what changed is read without scrolling sideways.
 */
export const TABLE_QUERY = '(min-width: 1280px)'

interface EventsProps {
  events: readonly AuditEvent[]
  label: string
  /** Whether the record names the employee it concerns with a link to the profile. */
  linkEmployee: boolean
}

const COLUMNS: readonly { name: string; width?: string }[] = [
  { name: 'When', width: 'w-28' },
  { name: 'Who', width: 'w-36' },
  { name: 'Action', width: 'w-48' },
  { name: 'What' },
  { name: 'From', width: 'w-24' },
]

/** One event a row: the What column takes the width the others leave. */
function EventTable({ events, label, linkEmployee }: EventsProps) {
  return (
    <table aria-label={label} className="w-full table-fixed text-left text-sm">
      <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.name} scope="col" className={`py-2 pr-4 font-medium last:pr-0 ${column.width ?? ''}`}>
              {column.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {events.map((event) => (
          <tr key={event.id} className="align-top">
            <td className="py-3 pr-4">
              <When at={event.at} split />
            </td>
            <td className="py-3 pr-4">
              <Who event={event} className="flex flex-col" />
            </td>
            <td className="py-3 pr-4">
              <div className="flex flex-col items-start gap-1">
                <ActionBadge action={event.action} />
                <RecordName event={event} linkEmployee={linkEmployee} />
              </div>
            </td>
            <td className="py-3 pr-4">
              <What event={event} />
            </td>
            <td className="py-3 text-muted-foreground">
              <From event={event} className="[overflow-wrap:anywhere]" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One event a card: who and when, the action on which record, then what changed. */
function EventCards({ events, label, linkEmployee }: EventsProps) {
  return (
    <ol aria-label={label} className="flex flex-col divide-y text-sm">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <Who event={event} className="flex flex-wrap items-baseline gap-x-2" />
            <span className="text-xs text-muted-foreground">
              <When at={event.at} />
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ActionBadge action={event.action} />
            <RecordName event={event} linkEmployee={linkEmployee} />
          </div>
          <div>
            <What event={event} />
          </div>
          <p className="text-xs text-muted-foreground">
            From <From event={event} className="[overflow-wrap:anywhere]" />
          </p>
        </li>
      ))}
    </ol>
  )
}

/**
 * Events with when, who (an account or a shared sign-in), the action and its record, the
 * summary with the fields before and after, and the client address (the request id on hover):
 * a table on a wide screen, cards on a narrow one.
 */
export function AuditEventTable({
  events,
  label,
  linkEmployee = true,
}: {
  events: readonly AuditEvent[]
  label: string
  linkEmployee?: boolean
}) {
  const wide = useMediaQuery(TABLE_QUERY, true)
  const Layout = wide ? EventTable : EventCards
  return <Layout events={events} label={label} linkEmployee={linkEmployee} />
}
