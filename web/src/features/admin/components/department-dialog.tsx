import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { TextareaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { isDuplicateSlug, useCreateDepartment, useUpdateDepartment, type Department } from '../api/departments'
import { departmentFormSchema, type DepartmentFormInput } from '../lib/department-form'
import { slugify } from '../lib/slug'

interface DepartmentDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The department to edit; none to create one. */
  department?: Department | null
  organizationId?: number
}

const EMPTY: DepartmentFormInput = { name: '', slug: '', description: '' }

/** Saves the form: updates the department when there is one, creates one otherwise. */
function useSaveDepartment(
  department: Department | null | undefined,
  organizationId: number | undefined,
  onSaved: () => void,
  onDuplicateSlug: () => void,
) {
  const create = useCreateDepartment(organizationId)
  const update = useUpdateDepartment()

  const onError = (action: 'create' | 'update') => (error: unknown) => {
    if (isDuplicateSlug(error)) {
      toast({
        variant: 'destructive',
        title: 'Duplicate Department Slug',
        description: 'A department with this slug already exists. Please use a different slug.',
      })
      onDuplicateSlug()
      return
    }
    toast({
      variant: 'destructive',
      title: `Failed to ${action} department`,
      description: errorMessage(error, 'Please try again.'),
    })
  }

  const save = (values: DepartmentFormInput) => {
    const data = departmentFormSchema.parse(values)
    const body = { name: data.name, slug: data.slug, description: data.description || undefined }
    if (department) {
      update.mutate(
        { id: department.id, ...body, description: data.description },
        {
          onSuccess: () => {
            toast({ title: 'Department updated' })
            onSaved()
          },
          onError: onError('update'),
        },
      )
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Department created' })
          onSaved()
        },
        onError: onError('create'),
      })
    }
  }

  return { save, busy: create.isPending || update.isPending }
}

/**
 * The form's state: while creating, the slug follows the name until the slug is edited by hand;
 * the fields are refilled each time the dialog opens.
 */
function useDepartmentForm({ open, onOpenChange, department, organizationId }: DepartmentDialogProps) {
  const slugTouched = useRef(Boolean(department))
  const form = useForm<DepartmentFormInput>({ resolver: zodResolver(departmentFormSchema), defaultValues: EMPTY })
  const { register, handleSubmit, reset, setValue, control } = form
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] })

  useEffect(() => {
    if (!open) return
    slugTouched.current = Boolean(department)
    reset(
      department
        ? { name: department.name, slug: department.slug, description: department.description ?? '' }
        : EMPTY,
    )
  }, [open, department, reset])

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched.current) setValue('slug', slugify(event.target.value))
    },
  })
  const slugField = register('slug', {
    onChange: () => {
      slugTouched.current = true
    },
  })

  const { save, busy } = useSaveDepartment(
    department,
    organizationId,
    () => onOpenChange(false),
    () => {
      setValue('slug', '')
      slugTouched.current = true
    },
  )
  const canSave = Boolean(name?.trim() && slug?.trim()) && !busy
  return { form, nameField, slugField, onSubmit: handleSubmit(save), busy, canSave }
}

/** Create or edit a department. Save needs a name and a slug. */
export function DepartmentDialog(props: DepartmentDialogProps) {
  const { open, onOpenChange, department } = props
  const editing = Boolean(department)
  const { form, nameField, slugField, onSubmit, busy, canSave } = useDepartmentForm(props)
  const errors = form.formState.errors

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Department' : 'Create Department'}</DialogTitle>
          <DialogDescription>
            The slug is how employees refer to the department: lowercase letters, numbers, hyphens and underscores.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField id="department-name" label="Name" autoFocus error={errors.name?.message} {...nameField} />
          <TextField
            id="department-slug"
            label="Slug"
            spellCheck={false}
            error={errors.slug?.message}
            {...slugField}
          />
          <TextareaField
            id="department-description"
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave}>
              {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create Department'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
