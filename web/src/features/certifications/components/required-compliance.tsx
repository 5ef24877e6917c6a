import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import type { RequiredTypeCompliance } from '../api/compliance'
import type { EmployeeSummary } from '../api/employee-certifications'
import { departmentLabel, fullName, matchesEmployee, type Filters } from '../lib/certification-rows'

const LIST_PREVIEW = 8

type Person = EmployeeSummary & { expirationDate?: string | null }

function PersonLine({ person, onAssign, detail }: { person: Person; onAssign?: () => void; detail?: string }) {
  return (
    <li className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <Link href={`/employees/${person.id}`} className="font-medium hover:underline">
          {fullName(person)}
        </Link>
        <span className="text-muted-foreground">
          {' '}
          · {person.employeeId}
          {departmentLabel(person) && <> · {departmentLabel(person)}</>}
          {detail && <> · {detail}</>}
        </span>
      </div>
      {onAssign && (
        <Button variant="outline" size="sm" onClick={onAssign}>
          Assign
        </Button>
      )}
    </li>
  )
}

function PeopleList({
  title,
  people,
  total,
  onAssign,
  detail,
}: {
  title: string
  people: Person[]
  total: number
  onAssign?: (person: EmployeeSummary) => void
  detail?: (person: Person) => string
}) {
  const [expanded, setExpanded] = useState(false)
  if (total === 0) return null
  const visible = expanded ? people : people.slice(0, LIST_PREVIEW)
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">
        {title} ({total})
      </h4>
      <ul aria-label={title} className="flex flex-col divide-y rounded-lg border">
        {visible.map((person) => (
          <PersonLine
            key={person.id}
            person={person}
            onAssign={onAssign && (() => onAssign(person))}
            detail={detail?.(person)}
          />
        ))}
      </ul>
      {people.length > LIST_PREVIEW && (
        <Button variant="link" size="sm" className="w-fit px-0" onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show fewer' : `Show all ${people.length}`}
        </Button>
      )}
    </div>
  )
}

function ComplianceBar({ name, percent }: { name: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={`${name} compliance`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
    </div>
  )
}

/** One required type: how many comply, and who is missing it or holds it only expired. */
function RequiredType({
  entry,
  filters,
  onAssign,
}: {
  entry: RequiredTypeCompliance
  filters: Filters
  onAssign: (person: EmployeeSummary, typeId: number) => void
}) {
  const { certificationType: type } = entry
  const missing = entry.missing.filter((e) => matchesEmployee(e, filters))
  const expired = entry.expired.filter((e) => matchesEmployee(e, filters))
  const filtered = Boolean(filters.department || filters.search.trim())
  const percent = entry.totalEmployees ? Math.round((entry.compliantCount / entry.totalEmployees) * 100) : 100
  const assign = (person: EmployeeSummary) => onAssign(person, type.id)
  return (
    <section aria-label={type.name} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{type.name}</h3>
        <span className="text-sm text-muted-foreground">
          {entry.compliantCount} of {entry.totalEmployees} employees compliant ({percent}%)
        </span>
      </div>
      <ComplianceBar name={type.name} percent={percent} />
      {missing.length === 0 && expired.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          {filtered ? 'No gaps among the employees shown.' : 'Everyone holds a valid one.'}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <PeopleList title="Missing" people={missing} total={filtered ? missing.length : entry.missingCount} onAssign={assign} />
          <PeopleList
            title="Expired"
            people={expired}
            total={filtered ? expired.length : entry.expiredCount}
            onAssign={assign}
            detail={(person) => (person.expirationDate ? `expired ${formatDate(person.expirationDate)}` : 'expired')}
          />
        </div>
      )}
    </section>
  )
}

/** The required certification types, each with its compliance and the people who lack it. */
export function RequiredCompliance({
  entries,
  filters,
  onAssign,
}: {
  entries: RequiredTypeCompliance[]
  filters: Filters
  onAssign: (person: EmployeeSummary, typeId: number) => void
}) {
  // The type filter narrows this list too; status is a property of held certifications only.
  const visibleEntries = filters.typeId ? entries.filter((e) => String(e.certificationType.id) === filters.typeId) : entries
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-4 text-primary" />
          Required Certifications
        </CardTitle>
        <CardDescription>Employees who lack a required certification or hold it only expired</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No certification type is marked as required. Mark one as required under Certification Types to track it
            here.
          </p>
        ) : visibleEntries.length === 0 ? (
          <p className="text-sm text-muted-foreground">The selected certification type is not marked as required.</p>
        ) : (
          visibleEntries.map((entry) => (
            <RequiredType key={entry.certificationType.id} entry={entry} filters={filters} onAssign={onAssign} />
          ))
        )}
      </CardContent>
    </Card>
  )
}
