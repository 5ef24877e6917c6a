import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert, Paperclip } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { EARLIEST_DAY, LATEST_DAY, withinDayRange } from '@/lib/date-range'
import { localToday } from '@/lib/date-range'
import { formatDate } from '@/lib/format'
import { useCertificationTypes } from '../api/certification-types'
import { useAssignCertification } from '../api/employee-certifications'
import { addMonths } from '../lib/certification-status'

/** The certificate files the server stores: at most 10MB; pdf, doc, docx, jpeg, png, gif and plain text. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
const ALLOWED: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'text/plain': ['.txt', '.text'],
}
const ACCEPT = Object.entries(ALLOWED)
  .flatMap(([mime, exts]) => [mime, ...exts])
  .join(',')

function allowedFile(file: File): boolean {
  const dot = file.name.lastIndexOf('.')
  const ext = dot > 0 ? file.name.slice(dot).toLowerCase() : ''
  if (file.type) return ALLOWED[file.type]?.includes(ext) ?? false
  return Object.values(ALLOWED).some((exts) => exts.includes(ext))
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))

/** The assign rules, as of `today` (YYYY-MM-DD, the person's own calendar day). */
export function assignFormSchema(today: string) {
  return z
    .object({
      certificationTypeId: z.string().min(1, 'Certification type is required'),
      // In the server's order: its own rules first, then the range every date field has.
      issueDate: withinDayRange(
        z
          .string()
          .min(1, 'Issue date is required')
          .refine(isDay, 'Invalid issue date')
          .refine((v) => !isDay(v) || v <= today, 'Issue date cannot be in the future'),
        'Issue date',
      ),
      expirationDate: withinDayRange(
        z
          .string()
          .refine((v) => v === '' || isDay(v), 'Invalid expiration date')
          .refine((v) => v === '' || !isDay(v) || v >= today, 'Expiration date cannot be in the past'),
        'Expiration date',
      ),
      certificateNumber: z.string().trim().max(50, 'Certificate number must not exceed 50 characters'),
      file: z
        .custom<File | null>((v) => v === null || v instanceof File)
        .refine((f) => !f || f.size <= MAX_ATTACHMENT_BYTES, 'File too large. Please select a file smaller than 10MB.')
        .refine((f) => !f || allowedFile(f), 'Invalid file type. Please select a PDF, Word document, image, or text file.'),
    })
    .refine((v) => !v.expirationDate || !v.issueDate || v.expirationDate >= v.issueDate, {
      message: 'Expiration date cannot be before the issue date',
      path: ['expirationDate'],
    })
}

type AssignFormValues = z.input<ReturnType<typeof assignFormSchema>>
const FIELD_ORDER: (keyof AssignFormValues)[] = ['certificationTypeId', 'issueDate', 'expirationDate', 'certificateNumber', 'file']

function errorList(errors: FieldErrors<AssignFormValues>): string[] {
  return FIELD_ORDER.map((name) => errors[name]?.message).filter((m): m is string => Boolean(m))
}

interface AssignCertificationDialogProps {
  employeeId: number
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Shown in the description, e.g. "Grace Hopper". */
  employeeName?: string
  /** Preselect a type (from the compliance overview). */
  defaultTypeId?: number
}

type AssignForm = UseFormReturn<AssignFormValues>
type CertificationTypes = ReturnType<typeof useCertificationTypes>
type CertificationTypeOption = NonNullable<CertificationTypes['data']>[number]

/** Sends the assignment; the server's refusal goes to `onRefused` as well as a toast. */
function useSaveAssignment(employeeId: number, onSaved: () => void, onRefused: (message: string) => void) {
  const assign = useAssignCertification()
  const save = (data: z.output<ReturnType<typeof assignFormSchema>>, selected?: CertificationTypeOption) => {
    assign.mutate(
      {
        employeeId,
        certificationTypeId: Number(data.certificationTypeId),
        issueDate: data.issueDate,
        expirationDate: data.expirationDate || undefined,
        certificateNumber: data.certificateNumber || undefined,
        isActive: true,
        file: data.file,
        typeName: selected?.name ?? 'Certification',
      },
      {
        onSuccess: ({ attachmentError }) => {
          if (attachmentError) {
            toast({
              variant: 'destructive',
              title: 'Certification assigned, attachment not saved',
              description: errorMessage(attachmentError, 'Failed to upload document. Please try again.'),
            })
          } else {
            toast({ title: 'Success', description: 'Certification assigned successfully!' })
          }
          onSaved()
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to assign certification')
          toast({ variant: 'destructive', title: 'Error', description: message })
          onRefused(message)
        },
      },
    )
  }
  return { save, pending: assign.isPending }
}

/** The form's state, refilled each time the dialog opens, and the expiry the type's validity implies. */
function useAssignForm({ employeeId, open, onOpenChange, defaultTypeId }: AssignCertificationDialogProps) {
  const today = localToday()
  const schema = useMemo(() => assignFormSchema(today), [today])
  const types = useCertificationTypes({ enabled: open })
  const defaults = useMemo<AssignFormValues>(
    () => ({
      certificationTypeId: defaultTypeId ? String(defaultTypeId) : '',
      issueDate: today,
      expirationDate: '',
      certificateNumber: '',
      file: null,
    }),
    [defaultTypeId, today],
  )
  const form = useForm<AssignFormValues>({ resolver: zodResolver(schema), defaultValues: defaults })
  const { reset, control } = form

  // The server's refusal (say, an overlapping assignment), also shown in the dialog: while a
  // dialog is open, the rest of the page (the toast region too) is hidden from assistive technology.
  const [serverError, setServerError] = useState<string | null>(null)

  useEffect(() => {
    if (open) reset(defaults)
  }, [open, defaults, reset])
  // Opened again, or for other defaults: no refusal from before.
  useResetOnChange([open, defaults], () => {
    if (open) setServerError(null)
  })

  const [typeId, issueDate, expirationDate] = useWatch({
    control,
    name: ['certificationTypeId', 'issueDate', 'expirationDate'],
  })
  const selected = types.data?.find((t) => String(t.id) === typeId)
  const computedExpiry =
    selected?.validityMonths && !expirationDate && issueDate && isDay(issueDate)
      ? addMonths(issueDate, selected.validityMonths)
      : null

  const { save, pending } = useSaveAssignment(employeeId, () => onOpenChange(false), setServerError)
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null)
    save(schema.parse(values), selected)
  })

  return { form, today, types, selected, computedExpiry, serverError, onSubmit, pending }
}

function ErrorSummary({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <CircleAlert aria-hidden="true" className="size-4" />
        Please fix the following errors:
      </p>
      <ul className="mt-1 list-disc pl-9 text-destructive">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  )
}

const invalid = (form: AssignForm, name: keyof AssignFormValues) => (form.formState.errors[name] ? true : undefined)

function TypeField({ form, types }: { form: AssignForm; types: CertificationTypes }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="assign-type">Certification Type</Label>
      <NativeSelect
        id="assign-type"
        aria-invalid={invalid(form, 'certificationTypeId')}
        {...form.register('certificationTypeId')}
      >
        <option value="">{types.isPending ? 'Loading certification types...' : 'Select a certification type'}</option>
        {types.data?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.issuingOrganization ? ` (${t.issuingOrganization})` : ''}
          </option>
        ))}
      </NativeSelect>
      {types.isError && <p className="text-sm text-destructive">Certification types could not be loaded.</p>}
      {types.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No certification types yet. Add one under Certifications first.</p>
      )}
    </div>
  )
}

interface DateFieldsProps {
  form: AssignForm
  today: string
  selected?: CertificationTypeOption
  computedExpiry: string | null
}

function DateFields({ form, today, selected, computedExpiry }: DateFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="assign-issue-date">Issue Date</Label>
          <Input
            id="assign-issue-date"
            type="date"
            min={EARLIEST_DAY}
            max={today}
            aria-invalid={invalid(form, 'issueDate')}
            {...form.register('issueDate')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="assign-expiration-date">Expiration Date (optional)</Label>
          <Input
            id="assign-expiration-date"
            type="date"
            min={today}
            max={LATEST_DAY}
            aria-invalid={invalid(form, 'expirationDate')}
            aria-describedby="assign-expiration-hint"
            {...form.register('expirationDate')}
          />
        </div>
      </div>
      <p id="assign-expiration-hint" className="-mt-2 text-xs text-muted-foreground">
        {computedExpiry
          ? `Leave empty to expire on ${formatDate(computedExpiry)} (${selected?.validityMonths} months after the issue date).`
          : selected && !selected.validityMonths
            ? 'Leave empty if it never expires.'
            : 'Leave empty to use the validity period of the certification type.'}
      </p>
    </>
  )
}

function NumberAndFileFields({ form }: { form: AssignForm }) {
  const { register, setValue, control } = form
  const { errors, isSubmitted } = form.formState
  const file = useWatch({ control, name: 'file' })
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor="assign-number">Certificate Number (optional)</Label>
        <Input id="assign-number" autoComplete="off" aria-invalid={invalid(form, 'certificateNumber')} {...register('certificateNumber')} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="assign-file">Attachment (optional)</Label>
        <Input
          id="assign-file"
          type="file"
          accept={ACCEPT}
          aria-invalid={invalid(form, 'file')}
          aria-describedby="assign-file-hint"
          className="py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
          onChange={(e) => setValue('file', e.target.files?.[0] ?? null, { shouldValidate: isSubmitted, shouldDirty: true })}
        />
        <p id="assign-file-hint" className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Paperclip aria-hidden="true" className="size-3.5" />
          {file && !errors.file
            ? `${file.name} is also saved with the employee's documents.`
            : 'PDF, Word, image or text, up to 10MB.'}
        </p>
      </div>
    </>
  )
}

/** Assign Certification. Errors are listed under 'Please fix the following errors'. */
export function AssignCertificationDialog(props: AssignCertificationDialogProps) {
  const { open, onOpenChange, employeeName } = props
  const { form, today, types, selected, computedExpiry, serverError, onSubmit, pending } = useAssignForm(props)
  const { errors, isSubmitted } = form.formState

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Assign Certification</DialogTitle>
          <DialogDescription>
            {employeeName ? `Record a certification ${employeeName} holds.` : 'Record a certification this employee holds.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <ErrorSummary messages={isSubmitted ? errorList(errors) : []} />
          <TypeField form={form} types={types} />
          <DateFields form={form} today={today} selected={selected} computedExpiry={computedExpiry} />
          <NumberAndFileFields form={form} />
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
              {pending ? 'Assigning...' : 'Assign Certification'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
