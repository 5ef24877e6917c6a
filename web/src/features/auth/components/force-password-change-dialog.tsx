import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
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
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <KeyRound aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>Change your password</DialogTitle>
          <DialogDescription>
            For your security, replace the default password before you continue. Use at least 8 characters with at
            least one letter and one number.
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="new-password">New password</Label>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              autoFocus
              aria-invalid={errors.newPassword ? true : undefined}
              aria-describedby={errors.newPassword ? 'new-password-error' : undefined}
              {...register('newPassword')}
            />
            <FieldError id="new-password-error" message={errors.newPassword?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="confirm-password">Confirm password</Label>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={errors.confirmPassword ? 'confirm-password-error' : undefined}
              {...register('confirmPassword')}
            />
            <FieldError id="confirm-password-error" message={errors.confirmPassword?.message} />
          </div>
          <Button type="submit" size="lg" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
