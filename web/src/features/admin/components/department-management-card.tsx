import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useDeleteDepartment, useDepartments, type Department } from '../api/departments'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DepartmentDialog } from './department-dialog'
import { ListCard } from './list-card'

function DepartmentLine({
  department,
  onEdit,
  onDelete,
}: {
  department: Department
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {department.name}
          <span className="font-mono text-xs text-muted-foreground">{department.slug}</span>
          {department.isDefault && <Badge variant="outline">Default</Badge>}
        </p>
        {department.description && <p className="truncate text-sm text-muted-foreground">{department.description}</p>}
      </div>
      {department.employeeCount !== undefined && (
        <span className="hidden text-sm text-muted-foreground sm:inline">
          {/* Active employees, as Analytics counts them; archived ones still belong to it. */}
          {department.employeeCount} active
          {department.archivedCount > 0 && ` · ${department.archivedCount} archived`}
        </span>
      )}
      <Button variant="ghost" size="icon" aria-label={`Edit ${department.name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${department.name}`} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  )
}

/** Department Management: list, create, edit and delete departments. */
export function DepartmentManagementCard({ organizationId }: { organizationId?: number }) {
  const departments = useDepartments()
  const remove = useDeleteDepartment()
  const [editing, setEditing] = useState<Department | null>(null)
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<Department | null>(null)

  const closeDialog = () => {
    setCreating(false)
    setEditing(null)
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Department deleted' })
        setDeleting(null)
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Failed to delete department', description: errorMessage(error, 'Please try again.') })
        setDeleting(null)
      },
    })
  }

  return (
    <ListCard
      title="Department Management"
      description="The departments employees belong to."
      action={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Add Department
        </Button>
      }
      list={departments}
      label="Departments"
      errorText="The departments could not be loaded."
      emptyText="No departments yet."
      renderItem={(department) => (
        <DepartmentLine department={department} onEdit={() => setEditing(department)} onDelete={() => setDeleting(department)} />
      )}
    >
      <DepartmentDialog
        open={creating || editing !== null}
        department={editing}
        organizationId={organizationId}
        onOpenChange={(open) => !open && closeDialog()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'department'}?`}
        description="The department is removed. A department that still has employees cannot be deleted."
        confirmLabel="Delete Department"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ListCard>
  )
}
