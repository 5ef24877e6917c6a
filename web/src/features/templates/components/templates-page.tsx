import { FileText } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useDuplicateTemplate } from '../api/duplicate-template'
import { useTemplates, type Template } from '../api/get-templates'
import { DeleteTemplateDialog } from './delete-template-dialog'
import { TemplateCard } from './template-card'
import { TemplateFormDialog } from './template-form-dialog'
import { TemplatePreviewDialog } from './template-preview-dialog'

/** Where Use Template goes: the reviews screen opens Create Review with this template chosen. */
export function createReviewHref(templateId: number): string {
  return `/reviews?create=1&templateId=${templateId}`
}

type TemplateAction = (template: Template) => void

function TemplateGrid(actions: Record<'onEdit' | 'onDuplicate' | 'onDelete' | 'onPreview' | 'onUse', TemplateAction>) {
  const { data, isPending, isError } = useTemplates()
  if (isPending) {
    return (
      <div role="status" aria-label="Loading templates" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} className="flex flex-col gap-3 p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-8 w-full" />
          </Card>
        ))}
      </div>
    )
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Templates could not be loaded right now.
      </p>
    )
  }
  if (data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center text-muted-foreground">
        <FileText aria-hidden="true" className="size-8" />
        No templates yet
      </Card>
    )
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {data.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          onEdit={() => actions.onEdit(template)}
          onDuplicate={() => actions.onDuplicate(template)}
          onDelete={() => actions.onDelete(template)}
          onPreview={() => actions.onPreview(template)}
          onUse={() => actions.onUse(template)}
        />
      ))}
    </div>
  )
}

/** Review Templates: grid, action menu, Create/Edit, Preview and Use Template. */
export default function TemplatesPage() {
  const [, navigate] = useLocation()
  const duplicate = useDuplicateTemplate()
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<Template | undefined>()
  const [previewing, setPreviewing] = useState<Template | null>(null)
  const [deleting, setDeleting] = useState<Template | null>(null)

  const openForm = (template?: Template) => {
    setEditing(template)
    setFormOpen(true)
  }

  const onDuplicate = (template: Template) =>
    duplicate.mutate(template.id, {
      onSuccess: (copy) => toast({ title: 'Template duplicated', description: `"${copy.name}" was created.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Duplicate Failed',
          description: errorMessage(error, 'Failed to duplicate template. Please try again.'),
        }),
    })

  return (
    <>
      <PageHeader
        title="Review Templates"
        subtitle="Build the questions your reviews ask"
        addButton={{ label: 'Create Template', onClick: () => openForm() }}
      />
      <div className="p-4 sm:p-6 lg:p-8">
        <TemplateGrid
          onEdit={openForm}
          onDuplicate={onDuplicate}
          onDelete={setDeleting}
          onPreview={setPreviewing}
          onUse={(template) => navigate(createReviewHref(template.id))}
        />
      </div>
      <TemplateFormDialog open={formOpen} onOpenChange={setFormOpen} template={editing} />
      <TemplatePreviewDialog template={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      <DeleteTemplateDialog template={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  )
}
