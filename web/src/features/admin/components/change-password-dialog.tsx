import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useChangePassword } from '../api/change-password'

interface Fields {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** The first problem, checked in this order: all fields, matching confirmation, at least 8 characters. */
export function changePasswordProblem({ currentPassword, newPassword, confirmPassword }: Fields): string | undefined {
  if (!currentPassword || !newPassword || !confirmPassword) return 'Please fill in all fields'
  if (newPassword !== confirmPassword) return 'New passwords do not match'
  if (newPassword.length < 8) return 'Password must be at least 8 characters long'
  return undefined
}

const PASSWORD_FIELDS: [keyof Fields, string, string][] = [
  ['currentPassword', 'Current password', 'current-password'],
  ['newPassword', 'New password', 'new-password'],
  ['confirmPassword', 'Confirm new password', 'new-password'],
]

function PasswordField({
  id,
  label,
  describedBy,
  ...input
}: {
  id: string
  label: string
  autoComplete: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  describedBy?: string
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" aria-describedby={describedBy} {...input} />
    </div>
  )
}

function ChangePasswordForm({
  fields,
  set,
  problem,
  pending,
  onSubmit,
  onCancel,
}: {
  fields: Fields
  set: (name: keyof Fields) => (event: { target: { value: string } }) => void
  problem?: string
  pending: boolean
  onSubmit: (event: FormEvent) => void
  onCancel: () => void
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {PASSWORD_FIELDS.map(([name, label, autoComplete]) => (
        <PasswordField
          key={name}
          id={`change-${name}`}
          label={label}
          autoComplete={autoComplete}
          value={fields[name]}
          onChange={set(name)}
          describedBy={problem ? 'change-password-problem' : undefined}
        />
      ))}
      <FieldError id="change-password-problem" message={problem} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Changing...' : 'Change Password'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Change Password on /admin: the password of whoever is signed in. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false)
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [problem, setProblem] = useState<string>()
  const change = useChangePassword()

  const onOpenChange = (next: boolean) => {
    if (!next) {
      setFields(EMPTY)
      setProblem(undefined)
    }
    setOpen(next)
  }

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = changePasswordProblem(fields)
    setProblem(found)
    if (found) return
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: (reply) => {
          toast({ title: 'Password changed', description: reply.message ?? 'Password changed successfully' })
          onOpenChange(false)
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to change password. Please try again.')
          // Also beside the form: the reason (a wrong current password...) stays while it is open.
          setProblem(message)
          toast({ variant: 'destructive', title: 'Error', description: message })
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then the new one twice.</DialogDescription>
        </DialogHeader>
        <ChangePasswordForm
          fields={fields}
          set={set}
          problem={problem}
          pending={change.isPending}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  )
}
