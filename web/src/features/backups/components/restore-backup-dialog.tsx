import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useRestoreBackup, type Backup, type RestoreReply } from '../api/backups'
import { page } from '../lib/page'

/** After a successful restore the page reloads in 2 seconds, so every screen shows the restored data. */
export const RELOAD_DELAY_MS = 2000

interface RestoreBackupDialogProps {
  backup: Backup | null
  onOpenChange: (open: boolean) => void
}

type DisabledAccounts = RestoreReply['disabledAccounts']

/** The restore is done, but some accounts came back disabled: the admin reads which before the reload. */
interface DisabledAccountsDialogProps {
  open: boolean
  accounts: DisabledAccounts
  onDone: () => void
}

function DisabledAccountsDialog({ open, accounts, onDone }: DisabledAccountsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(open) => !open && onDone()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Restore Successful</DialogTitle>
          <DialogDescription>
            These accounts were removed after this backup was made. They are back, but disabled: they cannot sign in
            or reset their password until an administrator enables them in User Management.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Disabled accounts" className="divide-y rounded-lg border text-sm">
          {accounts.map((account) => (
            <li key={account.id} className="px-3 py-2">
              <span className="font-medium">
                {[account.firstName, account.lastName].filter(Boolean).join(' ') || account.email}
              </span>{' '}
              <span className="text-muted-foreground">{account.email}</span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Restores the backup, then reloads the page, lists the accounts that came back disabled, or keeps the reason. */
function useRestore(backup: Backup | null, onOpenChange: (open: boolean) => void) {
  const restore = useRestoreBackup()
  const [failure, setFailure] = useState<string>()
  // Restored with accounts that came back disabled: the dialog lists them until the admin
  // has read it, and the page reloads then (not on a timer that would hide the list).
  const [disabled, setDisabled] = useState<DisabledAccounts>([])

  const close = (open: boolean) => {
    if (!open) setFailure(undefined)
    onOpenChange(open)
  }

  const finish = () => {
    setDisabled([])
    close(false)
    page.reload()
  }

  const confirm = () => {
    if (!backup) return
    setFailure(undefined)
    restore.mutate(backup.filename, {
      onSuccess: (reply) => {
        if (reply.success && reply.disabledAccounts.length > 0) {
          setDisabled(reply.disabledAccounts)
          return
        }
        close(false)
        if (!reply.success) {
          toast({ title: 'Restore Information', description: reply.message ?? 'The backup was not restored.' })
          return
        }
        toast({
          title: 'Restore Successful',
          description: `${reply.message ?? 'The backup was restored.'} The page reloads in 2 seconds.`,
        })
        setTimeout(() => page.reload(), RELOAD_DELAY_MS)
      },
      onError: (error) => {
        const message = errorMessage(error, 'The backup could not be restored. Nothing was changed.')
        // The dialog stays open with the reason in it; the current data is unchanged.
        setFailure(message)
        toast({ variant: 'destructive', title: 'Restore Failed', description: message })
      },
    })
  }

  return { failure, disabled, close, finish, confirm, restoring: restore.isPending }
}

export function RestoreBackupDialog({ backup, onOpenChange }: RestoreBackupDialogProps) {
  const { failure, disabled, close, finish, confirm, restoring } = useRestore(backup, onOpenChange)

  if (disabled.length > 0) return <DisabledAccountsDialog open={backup !== null} accounts={disabled} onDone={finish} />

  return (
    <Dialog open={backup !== null} onOpenChange={(open) => !restoring && close(open)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert aria-hidden="true" className="size-5 text-destructive" />
            Restore this backup?
          </DialogTitle>
          <DialogDescription>
            All current data of the organization (employees, reviews, templates, certifications, notes, documents,
            reminders, departments and users) is replaced by the backup from{' '}
            <span className="font-mono">{backup?.filename}</span>. A safety backup of the current data is saved first,
            and everyone keeps their current password. Accounts removed since the backup come back disabled.
          </DialogDescription>
        </DialogHeader>
        {failure && (
          <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            Restore Failed: {failure}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={restoring}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={restoring}>
            {restoring ? 'Restoring...' : 'Restore Backup'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
