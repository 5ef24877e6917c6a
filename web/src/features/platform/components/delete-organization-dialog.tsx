import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useDeleteOrganization } from '../api/delete-organization'
import type { Organization } from '../api/organization'

interface DeleteOrganizationDialogProps {
  organization: Organization | null
  onOpenChange: (open: boolean) => void
}

function ConfirmField({
  subdomain,
  typed,
  onType,
  onConfirm,
}: {
  subdomain?: string
  typed: string
  onType: (value: string) => void
  onConfirm: () => void
}) {
  const inputId = useId()
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onConfirm()
      }}
    >
      <Label htmlFor={inputId}>
        Type <span className="font-mono font-semibold">{subdomain}</span> to confirm
      </Label>
      <Input
        id={inputId}
        value={typed}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => onType(event.target.value)}
      />
    </form>
  )
}

/** Deleting needs the subdomain typed out; the server keeps a final backup first. */
export function DeleteOrganizationDialog({ organization, onOpenChange }: DeleteOrganizationDialogProps) {
  const remove = useDeleteOrganization()
  const [typed, setTyped] = useState('')
  const matches = organization !== null && typed.trim().toLowerCase() === organization.subdomain

  // Another organisation starts with an empty confirmation.
  useResetOnChange([organization], () => setTyped(''))

  const confirm = () => {
    if (!organization || !matches) return
    remove.mutate(
      { id: organization.id, confirmSubdomain: typed.trim().toLowerCase() },
      {
        onSuccess: (reply) => {
          toast({ title: 'Organization deleted', description: reply.message })
          onOpenChange(false)
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete organization') }),
      },
    )
  }

  return (
    <Dialog open={organization !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete {organization?.name}?</DialogTitle>
          <DialogDescription>
            This deletes the organization and all of its employees, reviews, documents and settings. A final backup is
            taken first and kept by the platform, but the organization stops working at once and nobody can sign in.
          </DialogDescription>
        </DialogHeader>
        <ConfirmField subdomain={organization?.subdomain} typed={typed} onType={setTyped} onConfirm={confirm} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={!matches || remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Organization'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
