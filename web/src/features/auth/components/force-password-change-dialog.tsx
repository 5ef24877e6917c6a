import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { forwardRef } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { Label } from '@/components/ui/label'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useChangePassword } from '../api/change-password'
import { PasswordInput } from './password-input'

export const newPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(8, 'Password must be at least 8 characters long')
      .regex(/\d/, 'Password must contain at least one number')
      .regex(/[A-Za-z]/, 'Password must contain at least one letter'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })

type NewPasswordValues = z.infer<typeof newPasswordSchema>

const preventDismiss = (event: Event) => event.preventDefault()

/** A new-password input with its label and, when refused, its message. */
const NewPasswordField = forwardRef<
  HTMLInputElement,
  { id: string; label: string; error?: string; autoFocus?: boolean } & Omit<UseFormRegisterReturn, 'ref'>
>(({ id, label, error, ...input }, ref) => (
  <div className="flex flex-col gap-2">
    <Label htmlFor={id}>{label}</Label>
    <PasswordInput
      ref={ref}
      id={id}
      autoComplete="new-password"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...input}
    />
    <FieldError id={`${id}-error`} message={error} />
  </div>
))
NewPasswordField.displayName = 'NewPasswordField'

function ForcedChangeHeader() {
  return (
    <DialogHeader>
      <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
        <KeyRound aria-hidden="true" className="size-5" />
      </span>
      <DialogTitle>Change your password</DialogTitle>
      <DialogDescription>
        For your security, replace the default password before you continue. Use at least 8 characters with at least
        one letter and one number.
      </DialogDescription>
    </DialogHeader>
  )
}

/**
 * Shown while the server requires a new password. It has no close button and ignores
 * Escape and outside clicks: the only way out is a successful change.
 */
export function ForcePasswordChangeDialog() {
  const changePassword = useChangePassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(({ newPassword }) =>
    changePassword.mutate(
      { newPassword },
      {
        onSuccess: (data) =>
          toast({ title: 'Password updated', description: data.message ?? 'Your new password is ready to use.' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, 'Failed to change password. Please try again.'),
          }),
      },
    ),
  )

  return (
    <Dialog open>
      <DialogContent
        hideClose
        onEscapeKeyDown={preventDismiss}
        onPointerDownOutside={preventDismiss}
        onInteractOutside={preventDismiss}
      >
        <ForcedChangeHeader />

        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <NewPasswordField
            id="new-password"
            label="New password"
            autoFocus
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <NewPasswordField
            id="confirm-password"
            label="Confirm password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" size="lg" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
