import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useConfirmPasswordReset } from '../api/confirm-reset'
import { RESET_TOAST_MS, tokenResetSchema } from '../lib/password-rules'
import { NewPasswordFields } from './new-password-fields'

type FormInput = z.input<typeof tokenResetSchema>

const RESET_DONE_TOAST = {
  title: 'Password Reset',
  description: 'Your password has been reset. You can now sign in with your new password.',
  duration: RESET_TOAST_MS,
}

function ResetDone() {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
      <h1 className="text-2xl font-semibold tracking-tight">Password reset</h1>
      <p className="text-sm text-muted-foreground">You can now sign in with your new password.</p>
      <Button asChild className="w-full">
        <Link href="/">Back to Login</Link>
      </Button>
    </div>
  )
}

function ResetHeading() {
  return (
    <div className="flex flex-col gap-1">
      <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
        <KeyRound aria-hidden="true" className="size-5" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
      <p className="text-sm text-muted-foreground">Use at least 8 characters with a letter, a number and a special character.</p>
    </div>
  )
}

/** Reset with token: the token from the e-mail (prefilled from ?token=), then a new password. */
export function ResetWithTokenForm({ initialToken = '' }: { initialToken?: string }) {
  const [done, setDone] = useState(false)
  const confirm = useConfirmPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput>({
    resolver: zodResolver(tokenResetSchema),
    defaultValues: { token: initialToken, newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(
      { token: values.token.trim(), newPassword: values.newPassword },
      {
        onSuccess: () => {
          setDone(true)
          toast(RESET_DONE_TOAST)
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Reset Failed',
            description: errorMessage(error, 'Failed to reset password. Please try again.'),
            duration: RESET_TOAST_MS,
          }),
      },
    ),
  )

  if (done) return <ResetDone />

  return (
    <div className="flex flex-col gap-6">
      <ResetHeading />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          id="reset-token"
          label="Reset token"
          autoComplete="off"
          spellCheck={false}
          error={errors.token?.message}
          {...register('token')}
        />
        <NewPasswordFields
          idPrefix="reset"
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          newPasswordError={errors.newPassword?.message}
          confirmPasswordError={errors.confirmPassword?.message}
        />
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <Link href="/forgot-password" className="text-center text-sm font-medium text-primary hover:underline">
        Need a new link?
      </Link>
    </div>
  )
}
