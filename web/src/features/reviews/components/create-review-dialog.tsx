import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { LATEST_DAY, localToday, withinDayRange } from '@/lib/date-range'
import { humanize } from '@/lib/format'
import { useEmployeeOptions, useTemplateOptions } from '../api/get-review-options'
import { REVIEW_TYPES } from '../api/get-reviews'
import { useCreateReview } from '../api/save-review'

/** Review creation: employee, template and type are selected; due date not in the past. */
export const createReviewSchema = z.object({
  employeeId: z.string().min(1, 'Please select an employee'),
  templateId: z.string().min(1, 'Please select a template'),
  reviewType: z.enum(REVIEW_TYPES, 'Please select a review type'),
  dueDate: withinDayRange(z.string().min(1, 'Due date is required'), 'Due date').refine(
    (value) => value >= localToday(),
    'Due date cannot be in the past',
  ),
})

type CreateReviewValues = z.input<typeof createReviewSchema>

function blankValues(templateId?: number): CreateReviewValues {
  return { employeeId: '', templateId: templateId ? String(templateId) : '', reviewType: 'quarterly', dueDate: '' }
}

interface CreateReviewDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Preselected template (Use Template on the templates screen). */
  templateId?: number
}

/** Creates the review; on failure the toast gives the server's reason when it has one. */
function useSubmitReview(onCreated: () => void) {
  const create = useCreateReview()
  const submit = (values: CreateReviewValues) => {
    const data = createReviewSchema.parse(values)
    create.mutate(
      {
        employeeId: Number(data.employeeId),
        templateId: Number(data.templateId),
        reviewType: data.reviewType,
        dueDate: data.dueDate,
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Review created successfully!' })
          onCreated()
        },
        onError: (error) => {
          // The server's reason when it gives one (e.g. the employee was archived meanwhile).
          const reason = (errorStatus(error) ?? 500) < 500 ? errorMessage(error, '') : ''
          toast({
            variant: 'destructive',
            title: 'Error',
            description: reason ? `Failed to create review. ${reason}` : 'Failed to create review.',
          })
        },
      },
    )
  }
  return { submit, pending: create.isPending }
}

/** The form, emptied each time the dialog opens, with the chosen or default template selected. */
function useCreateReviewForm({ open, onOpenChange, templateId }: CreateReviewDialogProps) {
  const employees = useEmployeeOptions(open)
  const templates = useTemplateOptions(open)
  const form = useForm<CreateReviewValues>({ resolver: zodResolver(createReviewSchema), defaultValues: blankValues(templateId) })
  const { reset, setValue, getValues } = form

  useEffect(() => {
    if (open) reset(blankValues(templateId))
  }, [open, templateId, reset])

  // Once the templates are listed, show the chosen one (Use Template), else the default.
  // (A native select cannot show a value before its option exists, so it is set again here.)
  useEffect(() => {
    const list = templates.data
    if (!open || !list?.length) return
    const current = getValues('templateId')
    const chosen = list.find((t) => String(t.id) === current) ?? list.find((t) => t.isDefault) ?? list[0]
    if (chosen) setValue('templateId', String(chosen.id))
  }, [open, templates.data, getValues, setValue])

  const { submit, pending } = useSubmitReview(() => onOpenChange(false))
  return { form, employees, templates, onSubmit: form.handleSubmit(submit), pending }
}

interface ReviewFieldsProps {
  form: UseFormReturn<CreateReviewValues>
  employees: ReturnType<typeof useEmployeeOptions>
  templates: ReturnType<typeof useTemplateOptions>
}

function EmployeeAndTemplateFields({ form, employees, templates }: ReviewFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form
  const active = (employees.data ?? []).filter((e) => !e.isArchived)
  return (
    <>
      <SelectField id="review-employee" label="Employee" error={errors.employeeId?.message} {...register('employeeId')}>
        <option value="">{employees.isPending ? 'Loading employees...' : 'Select an employee'}</option>
        {active.map((e) => (
          <option key={e.id} value={e.id}>
            {e.firstName} {e.lastName}
            {e.employeeId ? ` (${e.employeeId})` : ''}
          </option>
        ))}
      </SelectField>
      <SelectField id="review-template" label="Template" error={errors.templateId?.message} {...register('templateId')}>
        <option value="">{templates.isPending ? 'Loading templates...' : 'Select a template'}</option>
        {(templates.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
    </>
  )
}

function TypeAndDueFields({ form }: { form: UseFormReturn<CreateReviewValues> }) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField id="review-type" label="Review type" {...register('reviewType')}>
        {REVIEW_TYPES.map((t) => (
          <option key={t} value={t}>
            {humanize(t)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="review-due"
        label="Due date"
        type="date"
        min={localToday()}
        max={LATEST_DAY}
        error={errors.dueDate?.message}
        {...register('dueDate')}
      />
    </div>
  )
}

export function CreateReviewDialog(props: CreateReviewDialogProps) {
  const { open, onOpenChange } = props
  const { form, employees, templates, onSubmit, pending } = useCreateReviewForm(props)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Review</DialogTitle>
          <DialogDescription>Choose who is reviewed, with which template, and by when.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <EmployeeAndTemplateFields form={form} employees={employees} templates={templates} />
          <TypeAndDueFields form={form} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Creating...' : 'Create Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
