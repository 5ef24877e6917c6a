import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { TextareaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { DAY_INPUT_RANGE, localToday, withinDayRange } from '@/lib/date-range'
import { DEFAULT_NOTE_AUTHOR, NOTE_CATEGORIES, useCreateEmployeeNote } from '../api/employee-notes'

export const noteFormSchema = z.object({
  date: withinDayRange(z.string().trim().min(1, 'Date is required'), 'Date'),
  category: z.enum(NOTE_CATEGORIES),
  note: z.string().trim().min(1, 'Note is required').max(5000, 'Note must not exceed 5000 characters'),
})

type NoteFormValues = z.input<typeof noteFormSchema>

interface AddNoteDialogProps {
  employeeId: number
  open: boolean
  onOpenChange: (open: boolean) => void
}

function NoteFields({ register, errors }: { register: UseFormRegister<NoteFormValues>; errors: FieldErrors<NoteFormValues> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="note-date"
          label="Date"
          type="date"
          {...DAY_INPUT_RANGE}
          error={errors.date?.message}
          {...register('date')}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="note-category">Category</Label>
          <NativeSelect id="note-category" {...register('category')}>
            <option value="recognition">Recognition</option>
            <option value="redirection">Redirection</option>
          </NativeSelect>
        </div>
      </div>
      <TextareaField
        id="note-text"
        label="Note"
        rows={4}
        placeholder="What happened, and why it matters"
        error={errors.note?.message}
        {...register('note')}
      />
    </>
  )
}

export function AddNoteDialog({ employeeId, open, onOpenChange }: AddNoteDialogProps) {
  const createNote = useCreateEmployeeNote(employeeId)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { date: localToday(), category: 'recognition', note: '' },
  })

  const close = (next: boolean) => {
    if (!next) reset({ date: localToday(), category: 'recognition', note: '' })
    onOpenChange(next)
  }

  const onSubmit = handleSubmit((values) => {
    const data = noteFormSchema.parse(values)
    createNote.mutate(
      { employeeId, date: data.date, category: data.category, note: data.note, createdBy: DEFAULT_NOTE_AUTHOR },
      {
        onSuccess: () => {
          toast({ title: 'Note Added' })
          close(false)
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: 'Failed to add employee note. Please try again.',
          }),
      },
    )
  })

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Note</DialogTitle>
          <DialogDescription>Record recognition or redirection for this employee.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <NoteFields register={register} errors={errors} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createNote.isPending}>
              {createNote.isPending ? 'Adding...' : 'Add Note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
