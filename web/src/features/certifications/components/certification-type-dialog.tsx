import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { TextareaField, TextField } from '@/components/ui/text-field'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import {
  useCreateCertificationType,
  useUpdateCertificationType,
  type CertificationType,
  type CertificationTypeInput,
} from '../api/certification-types'
import { DEFAULT_REMINDER_DAYS, parseReminderDays, REMINDER_DAYS_RULE, reminderDaysText } from '../lib/reminder-days'

/** The certification type rules; the name message is the server's, word for word. */
export const certificationTypeFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, 'Certification name must be at least 3 characters')
    .max(100, 'Certification name must not exceed 100 characters'),
  description: z.string().trim().max(1000, 'Description must not exceed 1000 characters'),
  issuingOrganization: z
    .string()
    .trim()
    .refine((v) => v === '' || v.length >= 2, 'Issuing organization must be at least 2 characters')
    .refine((v) => v.length <= 100, 'Issuing organization must not exceed 100 characters'),
  validityMonths: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), 'Validity must be a whole number of months')
    .refine((v) => v === '' || Number(v) >= 1, 'Validity must be at least 1 month')
    .refine((v) => v === '' || Number(v) <= 120, 'Validity must not exceed 120 months'),
  isRequired: z.boolean(),
  reminderDays: z.string().refine((v) => parseReminderDays(v) !== null, REMINDER_DAYS_RULE),
})

type FormValues = z.input<typeof certificationTypeFormSchema>

const EMPTY: FormValues = {
  name: '',
  description: '',
  issuingOrganization: '',
  validityMonths: '',
  isRequired: false,
  reminderDays: reminderDaysText(undefined),
}

function valuesOf(type?: CertificationType | null): FormValues {
  if (!type) return EMPTY
  return {
    name: type.name,
    description: type.description ?? '',
    issuingOrganization: type.issuingOrganization ?? '',
    validityMonths: type.validityMonths ? String(type.validityMonths) : '',
    isRequired: type.isRequired,
    reminderDays: reminderDaysText(type.reminderDays),
  }
}

function toInput(values: FormValues): CertificationTypeInput {
  const data = certificationTypeFormSchema.parse(values)
  return {
    name: data.name,
    description: data.description || null,
    issuingOrganization: data.issuingOrganization || null,
    validityMonths: data.validityMonths ? Number(data.validityMonths) : null,
    isRequired: data.isRequired,
    reminderDays: parseReminderDays(data.reminderDays) ?? DEFAULT_REMINDER_DAYS,
  }
}

interface CertificationTypeDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Edit this type; without it the dialog adds a new one. */
  type?: CertificationType | null
}

/** The form's state, refilled each time the dialog opens, and its save (create or update). */
function useCertificationTypeForm({ open, onOpenChange, type }: CertificationTypeDialogProps) {
  const create = useCreateCertificationType()
  const update = useUpdateCertificationType()
  const form = useForm<FormValues>({ resolver: zodResolver(certificationTypeFormSchema), defaultValues: valuesOf(type) })
  const { reset, setError } = form
  // The server's refusal, also shown in the dialog: while a dialog is open, the rest of the
  // page (the toast region too) is hidden from assistive technology.
  const [serverError, setServerError] = useState<string | null>(null)

  useEffect(() => {
    if (open) reset(valuesOf(type))
  }, [open, type, reset])
  // Opened again, or for another type: no refusal from before.
  useResetOnChange([open, type], () => {
    if (open) setServerError(null)
  })

  const failed = (title: string) => (error: unknown) => {
    const message = errorMessage(error, 'An error occurred')
    toast({ variant: 'destructive', title, description: message })
    // A taken name belongs to the name field; anything else goes above the buttons.
    if (errorStatus(error) === 409) setError('name', { message }, { shouldFocus: true })
    else setServerError(`${title}: ${message}`)
  }

  const onSubmit = form.handleSubmit((values) => {
    const input = toInput(values)
    const done = () => onOpenChange(false)
    setServerError(null)
    if (type) {
      update.mutate(
        { id: type.id, ...input },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: 'Certification type updated successfully!' })
            done()
          },
          onError: failed('Failed to update certification type'),
        },
      )
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Certification type created successfully!' })
          done()
        },
        onError: failed('Failed to create certification type'),
      })
    }
  })

  return { form, serverError, onSubmit, pending: create.isPending || update.isPending }
}

/** The lead times at which holders are told (and on the day itself), as "90, 60, 30, 7". */
function ReminderDaysField({ form }: { form: UseFormReturn<FormValues> }) {
  const error = form.formState.errors.reminderDays?.message
  return (
    <div className="flex flex-col gap-1">
      <TextField
        id="cert-type-reminderDays"
        label="Remind holders (days before expiry)"
        placeholder="90, 60, 30, 7"
        autoComplete="off"
        error={error}
        {...form.register('reminderDays')}
      />
      <p className="text-xs text-muted-foreground">
        Up to 5 lead times, separated by commas. Holders are also told on the day it expires.
      </p>
    </div>
  )
}

function CertificationTypeFields({ form }: { form: UseFormReturn<FormValues> }) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <>
      <TextField
        id="cert-type-name"
        label="Certification Name"
        placeholder="e.g. First Aid"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextareaField
        id="cert-type-description"
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="cert-type-issuingOrganization"
          label="Issuing Organization"
          placeholder="e.g. Red Cross"
          error={errors.issuingOrganization?.message}
          {...register('issuingOrganization')}
        />
        <TextField
          id="cert-type-validityMonths"
          label="Validity (months)"
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          placeholder="No expiry"
          error={errors.validityMonths?.message}
          {...register('validityMonths')}
        />
      </div>
      <ReminderDaysField form={form} />
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...register('isRequired')} />
        <span>
          <span className="font-medium">Required</span>
          <span className="block text-muted-foreground">Every employee should hold it; gaps show on the compliance overview.</span>
        </span>
      </label>
    </>
  )
}

/** Add Certification Type and Edit Certification Type. */
export function CertificationTypeDialog(props: CertificationTypeDialogProps) {
  const { open, onOpenChange, type } = props
  const editing = Boolean(type)
  const { form, serverError, onSubmit, pending } = useCertificationTypeForm(props)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Certification Type' : 'Add Certification Type'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Changes apply to everyone who holds it. Existing expiration dates stay as they are.'
              : 'A certification employees can hold, such as First Aid or a forklift licence.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <CertificationTypeFields form={form} />
          {serverError && (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {serverError}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : editing ? 'Save Changes' : 'Add Certification Type'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
