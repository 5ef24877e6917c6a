import { Award, Building2, CalendarClock, CircleX, Pencil, Trash2, TriangleAlert, Users } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import type { CertificationType } from '../api/certification-types'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function TypeHeading({ type, onEdit, onDelete }: { type: CertificationType; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Award aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold leading-tight break-words">{type.name}</h2>
          {type.isRequired && (
            <Badge variant="secondary" className="mt-1">
              Required
            </Badge>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${type.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:text-destructive"
          aria-label={`Delete ${type.name}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}

function TypeFacts({ type }: { type: CertificationType }) {
  return (
    <dl className="mt-auto grid gap-1.5 text-sm">
      <div className="text-muted-foreground">
        <dt className="sr-only">Issuing organization</dt>
        <dd className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-4" />
          {type.issuingOrganization ?? 'No issuing organization'}
        </dd>
      </div>
      <div className="text-muted-foreground">
        <dt className="sr-only">Validity</dt>
        <dd className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-4" />
          {type.validityMonths ? `Valid for ${plural(type.validityMonths, 'month')}` : 'Does not expire'}
        </dd>
      </div>
    </dl>
  )
}

/** Holders counted as the certifications screen shows them: current, and expired apart. */
function HolderCounts({ type }: { type: CertificationType }) {
  return (
    <div className="flex flex-wrap gap-2 border-t pt-3 text-sm">
      <span className="inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1" title="Employees holding it, not expired">
        <Users aria-hidden="true" className="size-4 text-primary" />
        {type.employeeCount} active
      </span>
      {type.expiredCount > 0 && (
        <span
          className="inline-flex items-center gap-1.5 rounded-md bg-destructive/10 px-2 py-1 text-destructive"
          title="Employees whose certificate has expired and was not renewed"
        >
          <CircleX aria-hidden="true" className="size-4" />
          {type.expiredCount} expired
        </span>
      )}
      <span
        className={
          type.expiringCount > 0
            ? 'inline-flex items-center gap-1.5 rounded-md bg-orange-100 px-2 py-1 text-orange-800'
            : 'inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1'
        }
        title="Expiring within 30 days"
      >
        <TriangleAlert aria-hidden="true" className="size-4" />
        {type.expiringCount} expiring soon
      </span>
    </div>
  )
}

/** One certification type: its name, edit and delete, issuer, validity and how many hold it. */
export function TypeCard({ type, onEdit, onDelete }: { type: CertificationType; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="certification-type-card">
      <TypeHeading type={type} onEdit={onEdit} onDelete={onDelete} />
      {type.description && <p className="line-clamp-3 text-sm text-muted-foreground">{type.description}</p>}
      <TypeFacts type={type} />
      <HolderCounts type={type} />
    </Card>
  )
}
