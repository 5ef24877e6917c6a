import { Award, Plus } from 'lucide-react'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, humanize } from '@/lib/format'
import { useEmployeeCertifications, type ProfileCertification } from '../api/get-employee-certifications'

function statusVariant(status: string | null | undefined): NonNullable<BadgeProps['variant']> {
  if (status === 'expired') return 'destructive'
  if (status === 'expiring' || status === 'warning') return 'secondary'
  return 'outline'
}

function CertificationRow({ certification: c }: { certification: ProfileCertification }) {
  const status = c.statusLabel ?? (c.status ? humanize(c.status) : null)
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium">{c.certificationType?.name ?? 'Certification'}</p>
        <p className="text-sm text-muted-foreground">
          {c.certificationType?.issuingOrganization && <>{c.certificationType.issuingOrganization} · </>}
          {c.issueDate && <>Issued {formatDate(c.issueDate)}</>}
          {c.expirationDate ? <> · Expires {formatDate(c.expirationDate)}</> : <> · No expiration</>}
        </p>
        {c.certificateNumber && <p className="text-xs text-muted-foreground">No. {c.certificateNumber}</p>}
      </div>
      {status && <Badge variant={statusVariant(c.status)}>{status}</Badge>}
    </li>
  )
}

/**
 * SLOT for the certifications feature: the Assign Certification button. The certifications
 * engineer replaces this with the button that opens their Assign Certification dialog
 * (it receives the employee id; refresh with employeeCertificationsKey(employeeId)).
 */
export function AssignCertificationSlot({ employeeId }: { employeeId: number }) {
  return (
    <Button size="sm" data-employee-id={employeeId}>
      <Plus aria-hidden="true" />
      Assign Certification
    </Button>
  )
}

/** Employee Certifications on the profile: the list, plus the admin's assign button (slot). */
export function EmployeeCertificationsSection({ employeeId, canAssign }: { employeeId: number; canAssign: boolean }) {
  const { data, isPending, isError } = useEmployeeCertifications(employeeId)
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Award aria-hidden="true" className="size-4 text-primary" />
            Employee Certifications
          </CardTitle>
          <CardDescription>Certifications held and when they expire</CardDescription>
        </div>
        {canAssign && <AssignCertificationSlot employeeId={employeeId} />}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div role="status" aria-label="Loading certifications" className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
            Certifications could not be loaded right now.
          </p>
        ) : data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No certifications yet</p>
        ) : (
          <ul aria-label="Certifications" className="divide-y">
            {data.map((certification) => (
              <CertificationRow key={certification.id} certification={certification} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
