import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type UseFormReturn, useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { Label } from '@/components/ui/label'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { ROLE_LABELS, ROLES } from '@/lib/roles'
import { useCreateUser, type EmployeeChoice } from '../api/users'
import { EmployeePicker } from './employee-picker'

/** Add user: id, email and password are required (the id is made here). */
export const addUserSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Invalid email format'))
    .transform((v) => v.toLowerCase()),
  firstName: z.string().trim().max(50, 'First name must not exceed 50 characters'),
  lastName: z.string().trim().max(50, 'Last name must not exceed 50 characters'),
  role: z.enum(ROLES),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters long')
    .regex(/[A-Za-z]/, 'Password must contain at least one letter and one number')
    .regex(/\d/, 'Password must contain at least one letter and one number'),
})

type AddUserInput = z.input<typeof addUserSchema>

const EMPTY: AddUserInput = { email: '', firstName: '', lastName: '', role: 'user', password: '' }

const SELECT_CLASS =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30'

type AddUserForm = UseFormReturn<AddUserInput>

/** The form's state and its submit: creates the user, or puts the server's reason beside the form. */
function useAddUserForm(onOpenChange: (open: boolean) => void) {
  const create = useCreateUser()
  const form = useForm<AddUserInput>({ resolver: zodResolver(addUserSchema), defaultValues: EMPTY })
  const { handleSubmit, reset, setError } = form
  const [employee, setEmployee] = useState<EmployeeChoice | null>(null)

  const close = (next: boolean) => {
    if (!next) {
      reset(EMPTY)
      setEmployee(null)
    }
    onOpenChange(next)
  }

  const onSubmit = handleSubmit((values) => {
    const data = addUserSchema.parse(values)
    create.mutate(
      {
        id: crypto.randomUUID(),
        email: data.email,
        role: data.role,
        password: data.password,
        ...(data.firstName ? { firstName: data.firstName } : {}),
        ...(data.lastName ? { lastName: data.lastName } : {}),
        ...(employee ? { employeeId: employee.id } : {}),
      },
      {
        onSuccess: (user) => {
          toast({
            title: 'User added',
            description: `${user.email} can now sign in with "Sign in with your account" and will choose a new password first.`,
          })
          close(false)
        },
        onError: (error) => {
          const message = errorMessage(error, 'Please try again.')
          // Shown in the dialog as well: the reason stays beside the form while it is open.
          if (errorStatus(error) === 409 && /email/i.test(message)) setError('email', { message })
          else setError('root.server', { message: `Failed to add user: ${message}` })
          toast({ variant: 'destructive', title: 'Failed to add user', description: message })
        },
      },
    )
  })

  return { form, employee, setEmployee, close, onSubmit, isPending: create.isPending }
}

function AddUserFields({ form }: { form: AddUserForm }) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <>
      <TextField
        id="user-email"
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="user-firstName" label="First name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField id="user-lastName" label="Last name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="user-role">Role</Label>
        <select id="user-role" className={SELECT_CLASS} {...register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="user-password"
        label="First password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  )
}

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { form, employee, setEmployee, close, onSubmit, isPending } = useAddUserForm(onOpenChange)
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            A person who signs in with their own email address and password. They choose their own password at first
            sign-in.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <AddUserFields form={form} />
          <EmployeePicker
            label="Employee (optional)"
            value={employee}
            onChange={setEmployee}
            hint="The person's employee record: what they see under Need to know follows it. Left empty, the account is linked to the employee with the same e-mail address, if there is one."
          />
          <FieldError id="user-form-error" message={form.formState.errors.root?.server?.message} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Adding...' : 'Add User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
