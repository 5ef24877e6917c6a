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
import { REVIEW_SCHEDULES } from '../api/employee'
import { useUpdateEmployee } from '../api/update-employee'
import {
  editEmployeeDefaults,
  editEmployeeSchema,
  errorList,
  toUpdateBody,
  type EditableEmployee,
  type EditEmployeeInput,
  type EditEmployeeValues,
} from '../lib/employee-form-schema'
import { DepartmentOptions, ManagerOptions, WithOptions, type FormOptions } from './employee-select-options'
import { Field, FormErrors } from './form-parts'

const FIELD_ORDER = [
  'employeeId',
  'firstName',
  'lastName',
  'email',
  'department',
  'position',
  'startDate',
  'managerId',
  'reviewSchedule',
  'nextReviewDate',
  'profilePhotoUrl',
] as const

export interface EditEmployeeDialogProps {
  employee: EditableEmployee
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Edit Employee: every employee field; the manager 'none' is sent as null. */
export function EditEmployeeDialog({ employee, open, onOpenChange }: EditEmployeeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Employee</DialogTitle>
          <DialogDescription>
            Update {employee.firstName} {employee.lastName}'s details.
          </DialogDescription>
        </DialogHeader>
        <WithOptions>
          {(options) => <EditEmployeeForm employee={employee} options={options} onDone={() => onOpenChange(false)} />}
        </WithOptions>
      </DialogContent>
    </Dialog>
  )
}

type FieldName = (typeof FIELD_ORDER)[number]

interface EditEmployeeFieldsProps {
  register: UseFormRegister<EditEmployeeInput>
  /** Marks a field in error and points it at the error list. */
  invalid: (name: FieldName) => { 'aria-invalid'?: true; 'aria-describedby'?: string }
}

function IdentityFields({ register, invalid }: EditEmployeeFieldsProps) {
  return (
    <>
      <Field id="edit-employee-id" label="Employee ID">
        <Input id="edit-employee-id" autoComplete="off" {...invalid('employeeId')} {...register('employeeId')} />
      </Field>
      <Field id="edit-email" label="Email Address">
        <Input id="edit-email" type="email" autoComplete="off" {...invalid('email')} {...register('email')} />
      </Field>
      <Field id="edit-first-name" label="First Name">
        <Input id="edit-first-name" autoComplete="off" {...invalid('firstName')} {...register('firstName')} />
      </Field>
      <Field id="edit-last-name" label="Last Name">
        <Input id="edit-last-name" autoComplete="off" {...invalid('lastName')} {...register('lastName')} />
      </Field>
    </>
  )
}

interface WorkFieldsProps extends EditEmployeeFieldsProps {
  employee: EditableEmployee
  defaults: EditEmployeeInput
  options: FormOptions
}

function WorkFields({ register, invalid, employee, defaults, options }: WorkFieldsProps) {
  return (
    <>
      <Field id="edit-department" label="Department">
        <NativeSelect id="edit-department" {...invalid('department')} {...register('department')}>
          <DepartmentOptions departments={options.departments} current={defaults.department} />
        </NativeSelect>
      </Field>
      <Field id="edit-position" label="Position">
        <Input id="edit-position" autoComplete="off" {...invalid('position')} {...register('position')} />
      </Field>
      <Field id="edit-start-date" label="Start Date">
        <Input id="edit-start-date" type="date" {...DAY_INPUT_RANGE} {...invalid('startDate')} {...register('startDate')} />
      </Field>
      <Field id="edit-manager" label="Manager">
        <NativeSelect id="edit-manager" {...invalid('managerId')} {...register('managerId')}>
          <ManagerOptions employees={options.employees} self={employee.employeeId} current={defaults.managerId} />
        </NativeSelect>
      </Field>
      <Field id="edit-review-schedule" label="Review Schedule">
        <NativeSelect id="edit-review-schedule" {...register('reviewSchedule')}>
          {REVIEW_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {humanize(schedule)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="edit-next-review" label="Next Review Date">
        <Input id="edit-next-review" type="date" {...DAY_INPUT_RANGE} {...invalid('nextReviewDate')} {...register('nextReviewDate')} />
      </Field>
      <Field id="edit-photo-url" label="Profile Photo URL" className="sm:col-span-2">
        <Input
          id="edit-photo-url"
          type="url"
          placeholder="https://"
          autoComplete="off"
          {...invalid('profilePhotoUrl')}
          {...register('profilePhotoUrl')}
        />
      </Field>
    </>
  )
}

function EditEmployeeForm({
  employee,
  options,
  onDone,
}: {
  employee: EditableEmployee
  options: FormOptions
  onDone: () => void
}) {
  const updateEmployee = useUpdateEmployee(employee.id)
  const defaults = editEmployeeDefaults(employee)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditEmployeeInput, unknown, EditEmployeeValues>({
    resolver: zodResolver(editEmployeeSchema),
    defaultValues: defaults,
  })
  const messages = errorList(errors, FIELD_ORDER)
  const invalid = (name: FieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': 'edit-employee-errors' } : {}

  const onSubmit = handleSubmit((values) =>
    updateEmployee.mutate(toUpdateBody(values), {
      onSuccess: (saved) => {
        toast({ title: 'Employee updated', description: `${saved.firstName} ${saved.lastName}'s details were saved.` })
        onDone()
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to update employee. Please try again.'),
        }),
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormErrors id="edit-employee-errors" messages={messages} />
      <div className="grid gap-4 sm:grid-cols-2">
        <IdentityFields register={register} invalid={invalid} />
        <WorkFields register={register} invalid={invalid} employee={employee} defaults={defaults} options={options} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateEmployee.isPending}>
          {updateEmployee.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}
