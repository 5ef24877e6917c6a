import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useDeleteTemplate } from '../api/delete-template'
import type { Template } from '../api/get-templates'

/** Confirms the delete; a template that reviews use is refused by the server (409). */
export function DeleteTemplateDialog({
  template,
  onOpenChange,
}: {
  template: Template | null
  onOpenChange: (open: boolean) => void
}) {
  const remove = useDeleteTemplate()

  const confirm = () => {
    if (!template) return
    remove.mutate(template.id, {
      onSuccess: () => {
        toast({ title: 'Template deleted', description: `"${template.name}" was removed.` })
        onOpenChange(false)
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: errorMessage(error, 'Failed to delete template. Please try again.'),
        })
        onOpenChange(false)
      },
    })
  }

  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete template?</DialogTitle>
          <DialogDescription>
            {template ? `"${template.name}" will be removed permanently.` : ''} Templates that reviews use
            cannot be deleted.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
