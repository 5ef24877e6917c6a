import { zodResolver } from '@hookform/resolvers/zod'
import { FileUp } from 'lucide-react'
import { useRef, useState, type DragEvent, type RefObject } from 'react'
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SelectField, TextareaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { DAY_INPUT_RANGE, withinDayRange } from '@/lib/date-range'
import { formatSize } from '@/lib/format'
import { cn } from '@/lib/utils'
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES,
  isAllowedDocument,
  MAX_DOCUMENT_BYTES,
  titleFromFileName,
  useUploadEmployeeDocument,
  type DocumentType,
} from '../api/employee-documents'

const documentTypeValues = DOCUMENT_TYPES.map((t) => t.value) as [DocumentType, ...DocumentType[]]

export const uploadFormSchema = z.object({
  // Typed as possibly missing so the empty form is representable; the check refuses that.
  file: z.custom<File | undefined>((value) => value instanceof File, { message: 'No file selected' }),
  documentType: z
    .string()
    .min(1, 'Document type is required')
    .refine((v) => (documentTypeValues as string[]).includes(v), 'Document type is required'),
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must not exceed 200 characters'),
  description: z.string().trim().max(2000, 'Description must not exceed 2000 characters'),
  tags: z.string(),
  signedDate: withinDayRange(z.string(), 'Signed date'),
  expirationDate: withinDayRange(z.string(), 'Expiration date'),
  isConfidential: z.boolean(),
}).refine(
  // ISO dates compare as text; either left empty, there is nothing to compare.
  ({ signedDate, expirationDate }) => !signedDate || !expirationDate || expirationDate >= signedDate,
  { path: ['expirationDate'], message: 'Expiration date cannot be before the signed date' },
)

type UploadFormValues = z.input<typeof uploadFormSchema>

const EMPTY: UploadFormValues = {
  file: undefined,
  documentType: '',
  title: '',
  description: '',
  tags: '',
  signedDate: '',
  expirationDate: '',
  isConfidential: false,
}

/** "a, b ,, c" → ["a", "b", "c"]: tags are typed comma-separated. */
export function parseTags(value: string): string[] {
  return [...new Set(value.split(',').map((t) => t.trim()).filter(Boolean))]
}

/** The upload failure message, by what went wrong. */
export function uploadFailureMessage(error: unknown): string {
  const status = errorStatus(error)
  const raw = error instanceof Error ? error.message : ''
  if (status === 401 || (status === undefined && raw.includes('401'))) return 'Please log in to upload documents.'
  if (status === 403 || (status === undefined && raw.includes('403')))
    return "You don't have permission to upload documents."
  const message = status === undefined ? raw : errorMessage(error, raw)
  return message ? `Failed to upload document: ${message}` : 'Failed to upload document. Please try again.'
}

interface UploadDocumentDialogProps {
  employeeId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}

type UploadForm = UseFormReturn<UploadFormValues>

/**
 * Choosing a file: refused (with a toast) if too large or of the wrong type; otherwise the title
 * follows the file name until the person types their own.
 */
function useChooseFile(form: UploadForm, inputRef: RefObject<HTMLInputElement>) {
  const autoTitle = useRef('')
  const { setValue, getValues } = form
  const errors = form.formState.errors

  const clearFile = () => {
    setValue('file', undefined)
    if (inputRef.current) inputRef.current.value = ''
  }

  const chooseFile = (picked: File | undefined) => {
    if (!picked) return
    if (picked.size > MAX_DOCUMENT_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Please select a file smaller than 10MB' })
      clearFile()
      return
    }
    if (!isAllowedDocument(picked)) {
      toast({
        variant: 'destructive',
        title: 'Invalid file type',
        description: 'Please select a PDF, Word document, image, or text file.',
      })
      clearFile()
      return
    }
    setValue('file', picked, { shouldValidate: true })
    const current = getValues('title')
    if (!current.trim() || current === autoTitle.current) {
      autoTitle.current = titleFromFileName(picked.name)
      setValue('title', autoTitle.current, { shouldValidate: Boolean(errors.title) })
    }
  }

  const forgetAutoTitle = () => {
    autoTitle.current = ''
  }

  return { chooseFile, forgetAutoTitle }
}

/** The form's state and its upload; closing empties the form. */
function useUploadDocumentForm({ employeeId, onOpenChange }: Omit<UploadDocumentDialogProps, 'open'>) {
  const upload = useUploadEmployeeDocument(employeeId)
  const inputRef = useRef<HTMLInputElement>(null)
  const form = useForm<UploadFormValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: EMPTY,
    // The file chooser is not registered (its value is set by hand), so react-hook-form cannot
    // focus it and would pass it over: `focusFirstProblem` does the focusing instead.
    shouldFocusError: false,
  })
  const { chooseFile, forgetAutoTitle } = useChooseFile(form, inputRef)

  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY)
      forgetAutoTitle()
      if (inputRef.current) inputRef.current.value = ''
    }
    onOpenChange(next)
  }

  /** The first field in error, in the order they are shown, takes the focus. */
  const focusFirstProblem = (problems: FieldErrors<UploadFormValues>) => {
    if (problems.file) return inputRef.current?.focus()
    const first = (['documentType', 'title', 'description', 'signedDate', 'expirationDate'] as const).find(
      (name) => problems[name],
    )
    if (first) form.setFocus(first)
  }

  const onSubmit = form.handleSubmit((values) => {
    const data = uploadFormSchema.parse(values)
    if (!data.file) return
    upload.mutate(
      {
        employeeId,
        file: data.file,
        documentType: data.documentType as DocumentType,
        title: data.title,
        description: data.description,
        tags: parseTags(data.tags),
        signedDate: data.signedDate,
        expirationDate: data.expirationDate,
        isConfidential: data.isConfidential,
      },
      {
        onSuccess: () => {
          toast({ title: 'Document uploaded' })
          close(false)
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Upload failed', description: uploadFailureMessage(error) }),
      },
    )
  }, focusFirstProblem)

  return { form, inputRef, chooseFile, close, onSubmit, uploading: upload.isPending }
}

interface FileDropZoneProps {
  form: UploadForm
  inputRef: RefObject<HTMLInputElement>
  onChoose: (file: File | undefined) => void
}

function FileDropZone({ form, inputRef, onChoose }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false)
  const file = useWatch({ control: form.control, name: 'file' }) as File | undefined
  const error = form.formState.errors.file

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    onChoose(event.dataTransfer.files?.[0])
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="document-file">File</Label>
      {/* Before the drop zone, which shows its keyboard focus (peer). */}
      <input
        id="document-file"
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="peer sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'document-file-error' : undefined}
        ref={inputRef}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
      <label
        htmlFor="document-file"
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors hover:bg-muted peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
          dragging && 'border-primary bg-primary-soft',
          error && 'border-destructive',
        )}
      >
        <FileUp aria-hidden="true" className="size-6 text-muted-foreground" />
        {file ? (
          <span>
            <span className="font-medium">{file.name}</span>{' '}
            <span className="text-muted-foreground">({formatSize(file.size)})</span>
          </span>
        ) : (
          <span className="text-muted-foreground">Click to choose a file, or drop it here</span>
        )}
      </label>
      <FieldError id="document-file-error" message={error?.message} />
    </div>
  )
}

function DocumentDetailsFields({ form }: { form: UploadForm }) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="document-type"
          label="Document Type"
          error={errors.documentType?.message}
          {...register('documentType')}
        >
          <option value="">Select document type</option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <TextField id="document-title" label="Title" error={errors.title?.message} {...register('title')} />
      </div>

      <TextareaField
        id="document-description"
        label="Description"
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor="document-tags">Tags</Label>
        <Input id="document-tags" placeholder="e.g. onboarding, signed" {...register('tags')} />
        <p className="text-xs text-muted-foreground">Separate tags with commas.</p>
      </div>
    </>
  )
}

function DocumentDateFields({ form }: { form: UploadForm }) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="document-signed"
        label="Signed Date"
        type="date"
        {...DAY_INPUT_RANGE}
        error={errors.signedDate?.message}
        {...register('signedDate')}
      />
      <TextField
        id="document-expires"
        label="Expiration Date"
        type="date"
        {...DAY_INPUT_RANGE}
        error={errors.expirationDate?.message}
        {...register('expirationDate')}
      />
    </div>
  )
}

export function UploadDocumentDialog({ employeeId, open, onOpenChange }: UploadDocumentDialogProps) {
  const { form, inputRef, chooseFile, close, onSubmit, uploading } = useUploadDocumentForm({ employeeId, onOpenChange })

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>PDF, Word document, image or text file, up to 10MB.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FileDropZone form={form} inputRef={inputRef} onChoose={chooseFile} />
          <DocumentDetailsFields form={form} />
          <DocumentDateFields form={form} />

          <div className="flex items-center gap-2">
            <input
              id="document-confidential"
              type="checkbox"
              className="size-4 rounded border-input accent-primary"
              {...form.register('isConfidential')}
            />
            <Label htmlFor="document-confidential">Confidential (HR/Admin only)</Label>
          </div>

          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? 'Uploading...' : 'Upload Document'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
