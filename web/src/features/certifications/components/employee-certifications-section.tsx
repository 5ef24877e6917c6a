import { Award, Paperclip, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import {
  useDeleteEmployeeCertification,
  useEmployeeCertifications,
  type EmployeeCertification,
} from '../api/employee-certifications'
import { AssignCertificationDialog } from './assign-certification-dialog'
import { StatusBadge } from './status-badge'

function CertificationRow({
  certification: c,
  onDelete,
}: {
  certification: EmployeeCertification
  onDelete?: (c: EmployeeCertification) => void
}) {
  const name = c.certificationType?.name ?? 'Certification'
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">
          {c.certificationType?.issuingOrganization && <>{c.certificationType.issuingOrganization} · </>}
          Issued {formatDate(c.issueDate)}
          {c.expirationDate ? <> · Expires {formatDate(c.expirationDate)}</> : <> · No expiration</>}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          {c.certificateNumber && <span>No. {c.certificateNumber}</span>}
          {c.attachmentUrl && (
            <a
              href={c.attachmentUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              <Paperclip aria-hidden="true" className="size-3" />
              Attachment
            </a>
          )}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {!c.isActive && <Badge variant="outline">Inactive</Badge>}
        <StatusBadge expirationDate={c.expirationDate} />
        {onDelete && (
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove ${name}`} onClick={() => onDelete(c)}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  )
}

function RemoveDialog({ target, onClose }: { target: EmployeeCertification | null; onClose: () => void }) {
  const remove = useDeleteEmployeeCertification()
  const name = target?.certificationType?.name ?? 'this certification'
  const onRemove = () => {
    if (!target) return
    remove.mutate(target.id, {
      onSuccess: () => {
        toast({ title: 'Certification removed' })
        onClose()
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to remove certification') }),
    })
  }
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove certification?</DialogTitle>
          <DialogDescription>The record of {name} is removed from this employee. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={onRemove}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function CertificationList({
  employeeId,
  onDelete,
}: {
  employeeId: number
  onDelete?: (c: EmployeeCertification) => void
}) {
  const { data, isPending, isError } = useEmployeeCertifications(employeeId)
  if (isPending) {
    return (
      <div role="status" aria-label="Loading certifications" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  }
  if (isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
        Certifications could not be loaded right now.
      </p>
    )
  }
  if (data.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No certifications yet</p>
  return (
    <ul aria-label="Certifications" className="divide-y">
      {data.map((certification) => (
        <CertificationRow key={certification.id} certification={certification} onDelete={onDelete} />
      ))}
    </ul>
  )
}

/**
 * Employee Certifications on the profile: the list with its display status, and
 * for admin and hr the Assign Certification button and a remove action.
 */
export function EmployeeCertificationsSection({
  employeeId,
  canAssign,
  employeeName,
}: {
  employeeId: number
  canAssign: boolean
  employeeName?: string
}) {
  const [assigning, setAssigning] = useState(false)
  const [removing, setRemoving] = useState<EmployeeCertification | null>(null)

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
        {canAssign && (
          <Button size="sm" onClick={() => setAssigning(true)}>
            <Plus aria-hidden="true" />
            Assign Certification
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <CertificationList employeeId={employeeId} onDelete={canAssign ? setRemoving : undefined} />
      </CardContent>
      {canAssign && (
        <>
          <AssignCertificationDialog
            employeeId={employeeId}
            employeeName={employeeName}
            open={assigning}
            onOpenChange={setAssigning}
          />
          <RemoveDialog target={removing} onClose={() => setRemoving(null)} />
        </>
      )}
    </Card>
  )
}
