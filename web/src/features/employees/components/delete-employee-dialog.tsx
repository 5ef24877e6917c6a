import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import type { Employee } from '../api/employee'
import { useDeleteEmployee } from '../api/delete-employee'

interface DeleteEmployeeDialogProps {
  employee: Employee | null
  onOpenChange: (open: boolean) => void
}

/** The confirmation before Delete Permanently; everything of the employee goes with them. */
export function DeleteEmployeeDialog({ employee, onOpenChange }: DeleteEmployeeDialogProps) {
  const remove = useDeleteEmployee()
  const name = employee ? `${employee.firstName} ${employee.lastName}` : ''

  const confirm = () => {
    if (!employee) return
    remove.mutate(employee.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Employee deleted successfully' })
        onOpenChange(false)
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete employee') }),
    })
  }

  return (
    <Dialog open={employee !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete {name} permanently?</DialogTitle>
          <DialogDescription>
            This removes {name} together with their reviews, certifications, HR notes, documents and reminders. It
            cannot be undone. To keep the records, archive the employee instead.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Permanently'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
