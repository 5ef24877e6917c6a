import { useState } from 'react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import type { Row } from '../lib/certification-rows'
import { STATUS_CLASSES } from './status-badge'

const PAGE_SIZE = 100
const COLUMNS = ['Employee', 'Department', 'Certification', 'Certificate No.', 'Issued', 'Expires', 'Status']

const none = <span className="text-muted-foreground">—</span>

function CertificationRow({ row: { certification: c, shown, employeeName, department } }: { row: Row }) {
  return (
    <tr>
      <td className="px-4 py-3">
        {c.employee ? (
          <Link href={`/employees/${c.employee.id}`} className="font-medium hover:underline">
            {employeeName}
          </Link>
        ) : (
          employeeName
        )}
        {c.employee && <div className="text-xs text-muted-foreground">{c.employee.employeeId}</div>}
      </td>
      <td className="px-4 py-3">{department || none}</td>
      <td className="px-4 py-3">
        <div className="font-medium">{c.certificationType?.name}</div>
        {c.certificationType?.issuingOrganization && (
          <div className="text-xs text-muted-foreground">{c.certificationType.issuingOrganization}</div>
        )}
      </td>
      <td className="px-4 py-3">{c.certificateNumber || none}</td>
      <td className="whitespace-nowrap px-4 py-3">{formatDate(c.issueDate)}</td>
      <td className="whitespace-nowrap px-4 py-3">
        {c.expirationDate ? formatDate(c.expirationDate) : <span className="text-muted-foreground">Never</span>}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline" data-status={shown.status} className={STATUS_CLASSES[shown.status]}>
            {shown.label}
          </Badge>
          {!c.isActive && <Badge variant="outline">Inactive</Badge>}
        </div>
      </td>
    </tr>
  )
}

/** The held certifications, a hundred at a time. */
export function CertificationsTable({ rows }: { rows: Row[] }) {
  const [limit, setLimit] = useState(PAGE_SIZE)
  const visible = rows.slice(0, limit)
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[760px] text-sm">
          <thead className="border-b bg-muted/50 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {visible.map((row) => (
              <CertificationRow key={row.certification.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          Showing {visible.length} of {rows.length} certification{rows.length === 1 ? '' : 's'}
        </span>
        {rows.length > limit && (
          <Button variant="outline" size="sm" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
            Show more
          </Button>
        )}
      </div>
    </div>
  )
}
