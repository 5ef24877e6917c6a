import { Award, Building2, CalendarClock, CircleX, Pencil, Trash2, TriangleAlert, Users } from 'lucide-react'
import { useMemo, useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useCertificationTypes, type CertificationType } from '../api/certification-types'
import { CertificationTypeDialog } from './certification-type-dialog'
import { CertificationsTabs } from './certifications-tabs'
import { DeleteCertificationTypeDialog } from './delete-certification-type-dialog'

/** The search filters name or description, ignoring case. */
export function filterTypes(types: readonly CertificationType[], search: string): CertificationType[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...types]
  return types.filter(
    (t) => t.name.toLowerCase().includes(needle) || (t.description ?? '').toLowerCase().includes(needle),
  )
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function TypeCard({
  type,
  onEdit,
  onDelete,
}: {
  type: CertificationType
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="certification-type-card">
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
      {type.description && <p className="line-clamp-3 text-sm text-muted-foreground">{type.description}</p>}
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
      <div className="flex flex-wrap gap-2 border-t pt-3 text-sm">
        {/* Holders counted as the certifications screen shows them: current, and expired apart. */}
        <span
          className="inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1"
          title="Employees holding it, not expired"
        >
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
    </Card>
  )
}

/** Certification Types: search, grid, 6 skeletons, two empty states, add, edit, delete. */
export default function CertificationTypesPage() {
  const { data, isPending, isError } = useCertificationTypes()
  const [search, setSearch] = useState('')
  const [dialog, setDialog] = useState<{ open: boolean; type: CertificationType | null }>({ open: false, type: null })
  const [deleting, setDeleting] = useState<CertificationType | null>(null)
  const shown = useMemo(() => filterTypes(data ?? [], search), [data, search])

  return (
    <>
      <PageHeader
        title="Certification Types"
        subtitle="The certifications employees can hold"
        search={{ placeholder: 'Search certification types...', value: search, onChange: setSearch }}
        addButton={{ label: 'Add Certification Type', onClick: () => setDialog({ open: true, type: null }) }}
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <CertificationsTabs />
        {isPending ? (
          <ul aria-label="Loading certification types" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} data-testid="certification-type-skeleton">
                <Card className="flex flex-col gap-3 p-5">
                  <div className="flex items-center gap-3">
                    <Skeleton className="size-10 rounded-lg" />
                    <Skeleton className="h-5 w-2/3" />
                  </div>
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-8 w-full" />
                </Card>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
            Certification types could not be loaded right now.
          </Card>
        ) : data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <Award aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="text-lg font-medium">No certification types yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Add the certifications your people hold to track who has them and when they expire.
            </p>
            <Button onClick={() => setDialog({ open: true, type: null })}>Add Certification Type</Button>
          </Card>
        ) : shown.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
            <p className="text-lg font-medium">No certification types found</p>
            <p className="text-sm text-muted-foreground">No name or description matches “{search.trim()}”.</p>
          </Card>
        ) : (
          <ul aria-label="Certification types" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((type) => (
              <li key={type.id} className="flex">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <TypeCard
                    type={type}
                    onEdit={() => setDialog({ open: true, type })}
                    onDelete={() => setDeleting(type)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CertificationTypeDialog
        open={dialog.open}
        type={dialog.type}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteCertificationTypeDialog type={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  )
}
