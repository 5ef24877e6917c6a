import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { useDeleteCertificationType, type CertificationType } from '../api/certification-types'

interface DeleteCertificationTypeDialogProps {
  type: CertificationType | null
  onOpenChange: (open: boolean) => void
}

/**
 * Delete with confirmation. The first attempt never takes anyone's certifications: if
 * employees hold the type the server refuses (409) with a message that says how many, and
 * only a second, explicit "Delete anyway" sends confirm=true.
 */
function deletedMessage(name: string, removed: number): string {
  if (removed === 0) return `${name} was deleted.`
  return `${name} and ${removed} employee certification${removed === 1 ? '' : 's'} were deleted.`
}

function HeldWarning({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <p>{message}</p>
    </div>
  )
}

export function DeleteCertificationTypeDialog({ type, onOpenChange }: DeleteCertificationTypeDialogProps) {
  const remove = useDeleteCertificationType()
  const [held, setHeld] = useState<string | null>(null)

  // A newly chosen type starts without the previous one's refusal.
  useResetOnChange([type], () => {
    if (type) setHeld(null)
  })

  const onDelete = () => {
    if (!type) return
    remove.mutate(
      { id: type.id, confirm: held !== null },
      {
        onSuccess: (reply) => {
          toast({ title: 'Certification type deleted', description: deletedMessage(type.name, reply.removedCertifications) })
          onOpenChange(false)
        },
        onError: (error) => {
          if (errorStatus(error) === 409 && held === null) {
            setHeld(errorMessage(error, 'Employees hold this certification type.'))
            return
          }
          toast({
            variant: 'destructive',
            title: 'Failed to delete certification type',
            description: errorMessage(error, 'An error occurred'),
          })
        },
      },
    )
  }

  return (
    <Dialog open={type !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete certification type?</DialogTitle>
          <DialogDescription>
            {type ? <strong className="font-semibold text-foreground">{type.name}</strong> : null} will be permanently
            deleted. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {held && <HeldWarning message={held} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={onDelete}>
            {remove.isPending ? 'Deleting...' : held ? 'Delete anyway' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
