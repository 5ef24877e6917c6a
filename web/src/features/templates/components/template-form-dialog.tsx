import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm, useFormContext } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { TextareaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import type { Template } from '../api/get-templates'
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template'
import { QuestionBuilder } from './question-builder'
import {
  emptyTemplateForm,
  formToTemplateInput,
  templateFormSchema,
  templateToForm,
  type TemplateFormValues,
} from '../lib/template-form'

/** The toasts after saving a template. */
export const TEMPLATE_SAVED = 'Review template created or updated successfully!'

interface TemplateFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Edit this template; create a new one when absent. */
  template?: Template
}

/**
 * Create Review Template and Edit Template, with the question builder. The form lives
 * inside the dialog's content, so every opening starts a fresh one: no reset when it opens,
 * which would leave react-hook-form registering the questions before the name, and an invalid
 * submit focusing Question 1 instead of the first field in error.
 */
export function TemplateFormDialog({ open, onOpenChange, template }: TemplateFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <TemplateForm template={template} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function TemplateFormHeader({ editing }: { editing: boolean }) {
  return (
    <DialogHeader>
      <DialogTitle>{editing ? 'Edit Template' : 'Create Review Template'}</DialogTitle>
      <DialogDescription>
        {editing
          ? 'Change the name, description or questions. Questions are renumbered when you save.'
          : 'Name the template and build its questions (1 to 50).'}
      </DialogDescription>
    </DialogHeader>
  )
}

function NameAndDescription() {
  const {
    register,
    formState: { errors },
  } = useFormContext<TemplateFormValues>()
  return (
    <>
      <TextField
        id="template-name"
        label="Template name"
        placeholder="e.g. Quarterly Engineering Review"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextareaField
        id="template-description"
        label="Description"
        rows={2}
        placeholder="What this template is for"
        error={errors.description?.message}
        {...register('description')}
      />
    </>
  )
}

function TemplateForm({ template, close }: { template?: Template; close: () => void }) {
  const editing = template !== undefined
  const create = useCreateTemplate()
  const update = useUpdateTemplate()
  const pending = create.isPending || update.isPending
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: template ? templateToForm(template) : emptyTemplateForm(),
  })
  const onSubmit = form.handleSubmit((values) => {
    const body = formToTemplateInput(values)
    const done = () => {
      toast({ title: 'Success', description: TEMPLATE_SAVED })
      close()
    }
    if (template) {
      update.mutate(
        { id: template.id, ...body },
        {
          onSuccess: done,
          onError: () =>
            toast({
              variant: 'destructive',
              title: 'Update Failed',
              description: 'Failed to update template. Please try again.',
            }),
        },
      )
    } else {
      create.mutate(body, {
        onSuccess: done,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to create template',
            description: errorMessage(error, 'Please check the template and try again.'),
          }),
      })
    }
  })

  return (
    <>
      <TemplateFormHeader editing={editing} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <NameAndDescription />
          <QuestionBuilder />
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : editing ? 'Save Changes' : 'Create Template'}
            </Button>
          </DialogFooter>
        </form>
      </FormProvider>
    </>
  )
}
