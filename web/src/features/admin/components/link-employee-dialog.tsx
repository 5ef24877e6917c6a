import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { errorMessage } from '@/lib/api-client'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { useLinkEmployee, type EmployeeChoice, type User } from '../api/users'
import { EmployeePicker } from './employee-picker'

export function accountName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
}

/** Sends a link or an unlink; a refusal stays in the dialog. */
function useLink(user: User | null, onDone: () => void) {
  const link = useLinkEmployee()
  const [error, setError] = useState<string>()
  const send = (employee: Pick<EmployeeChoice, 'id' | 'name'> | null) => {
    if (!user) return
    setError(undefined)
    link.mutate(
      { userId: user.id, employeeId: employee?.id ?? null },
      {
        onSuccess: () => {
          toast({
            title: employee ? 'Employee linked' : 'Employee unlinked',
            description: employee
              ? `${accountName(user)} is ${employee.name}'s account.`
              : `${accountName(user)} is linked to no employee.`,
          })
          onDone()
        },
        onError: (err) => setError(errorMessage(err, 'Please try again.')),
      },
    )
  }
  return { send, error, busy: link.isPending }
}

/** The employee an account belongs to: choose one, change it, or unlink it. */
export function LinkEmployeeDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [chosen, setChosen] = useState<Pick<EmployeeChoice, 'id' | 'name'> | null>(null)
  const { send, error, busy } = useLink(user, onClose)
  useResetOnChange([user], () => setChosen(user?.employee ?? null))
  const current = user?.employee ?? null

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Employee of {user ? accountName(user) : 'this account'}</DialogTitle>
          <DialogDescription>
            {current
              ? `Linked to ${current.name}. Under Need to know the account sees that person's records and reporting line.`
              : 'Linked to no employee: under Need to know the account sees no records until it is linked.'}
          </DialogDescription>
        </DialogHeader>
        <EmployeePicker label="Employee" value={chosen} onChange={setChosen} />
        <FieldError id="link-employee-error" message={error} />
        <DialogFooter className="gap-2">
          {current && (
            <Button variant="outline" className="sm:mr-auto" disabled={busy} onClick={() => send(null)}>
              Unlink
            </Button>
          )}
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button disabled={busy || !chosen || chosen.id === current?.id} onClick={() => send(chosen)}>
            {busy ? 'Saving...' : 'Link Employee'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
