import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type UseFormRegister } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { DAY_INPUT_RANGE } from '@/lib/date-range'
import { humanize } from '@/lib/format'
import { useCreateEmployee } from '../api/create-employee'
import { ADD_REVIEW_SCHEDULES } from '../api/employee'
import {
  addEmployeeDefaults,
  addEmployeeSchema,
  errorList,
  toCreateBody,
  type AddEmployeeInput,
  type AddEmployeeValues,
} from '../lib/employee-form-schema'
import { DepartmentOptions, ManagerOptions, WithOptions, type FormOptions } from './employee-select-options'
import { Field, FormErrors } from './form-parts'
import { ProfilePhotoDropZone } from './profile-photo-drop-zone'

const FIELD_ORDER = [
  'firstName',
  'lastName',
  'email',
  'department',
  'position',
  'startDate',
  'managerId',
  'reviewSchedule',
  'nextReviewDate',
] as const

interface AddEmployeeDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Add New Employee: on success the lists refresh, a toast shows, the form resets. */
export function AddEmployeeDialog({ open, onOpenChange }: AddEmployeeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Employee</DialogTitle>
          <DialogDescription>Enter the new team member's details. An employee ID is assigned automatically.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: closing discards what was typed, and nothing loads until then. */}
        <WithOptions>{(options) => <AddEmployeeForm options={options} onDone={() => onOpenChange(false)} />}</WithOptions>
      </DialogContent>
    </Dialog>
  )
}

type FieldName = (typeof FIELD_ORDER)[number]

interface AddEmployeeFieldsProps {
  register: UseFormRegister<AddEmployeeInput>
  /** Marks a field in error and points it at the error list. */
  invalid: (name: FieldName) => { 'aria-invalid'?: true; 'aria-describedby'?: string }
  options: FormOptions
}

function AddEmployeeFields({ register, invalid, options }: AddEmployeeFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="add-first-name" label="First Name">
        <Input id="add-first-name" autoComplete="off" {...invalid('firstName')} {...register('firstName')} />
      </Field>
      <Field id="add-last-name" label="Last Name">
        <Input id="add-last-name" autoComplete="off" {...invalid('lastName')} {...register('lastName')} />
      </Field>
      <Field id="add-email" label="Email Address" className="sm:col-span-2">
        <Input id="add-email" type="email" autoComplete="off" {...invalid('email')} {...register('email')} />
      </Field>
      <Field id="add-department" label="Department">
        <NativeSelect id="add-department" {...invalid('department')} {...register('department')}>
          <DepartmentOptions departments={options.departments} />
        </NativeSelect>
      </Field>
      <Field id="add-position" label="Position">
        <Input id="add-position" autoComplete="off" {...invalid('position')} {...register('position')} />
      </Field>
      <Field id="add-start-date" label="Start Date">
        <Input id="add-start-date" type="date" {...DAY_INPUT_RANGE} {...invalid('startDate')} {...register('startDate')} />
      </Field>
      <Field id="add-manager" label="Manager">
        <NativeSelect id="add-manager" {...invalid('managerId')} {...register('managerId')}>
          <ManagerOptions employees={options.employees} />
        </NativeSelect>
      </Field>
      <Field id="add-review-schedule" label="Review Schedule">
        <NativeSelect id="add-review-schedule" {...register('reviewSchedule')}>
          {ADD_REVIEW_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {humanize(schedule)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="add-next-review" label="Next Review Date">
        <Input id="add-next-review" type="date" {...DAY_INPUT_RANGE} {...invalid('nextReviewDate')} {...register('nextReviewDate')} />
      </Field>
    </div>
  )
}

function AddEmployeeForm({ options, onDone }: { options: FormOptions; onDone: () => void }) {
  const createEmployee = useCreateEmployee()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddEmployeeInput, unknown, AddEmployeeValues>({
    resolver: zodResolver(addEmployeeSchema),
    defaultValues: addEmployeeDefaults(),
  })
  const messages = errorList(errors, FIELD_ORDER)
  const invalid = (name: FieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': 'add-employee-errors' } : {}

  const onSubmit = handleSubmit((values) =>
    createEmployee.mutate(toCreateBody(values), {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Employee added successfully!' })
        onDone()
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to add employee') }),
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormErrors id="add-employee-errors" messages={messages} />
      <AddEmployeeFields register={register} invalid={invalid} options={options} />
      <ProfilePhotoDropZone />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={createEmployee.isPending}>
          {createEmployee.isPending ? 'Adding...' : 'Add Employee'}
        </Button>
      </DialogFooter>
    </form>
  )
}
