import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, KeyRound, Link2Off } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { Link } from 'wouter'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { ROLE_LABELS, type Role } from '@/lib/roles'
import { useResetLinkValidation, useResetPasswordWithLink } from '../api/reset-link'
import { page } from '../lib/page'
import { linkResetSchema, RESET_TOAST_MS } from '../lib/password-rules'
import { NewPasswordFields } from './new-password-fields'

type FormInput = z.input<typeof linkResetSchema>

export const REDIRECT_DELAY_MS = 2000
const UNABLE_TO_VALIDATE = 'Unable to validate reset token. Please try again.'
const EXPIRED_OR_USED = 'This reset link has expired (links are valid for 2 hours) or has already been used.'

/** Where to sign in after the reset: the organization's own sign-in, or the start page. */
export function afterResetUrl(subdomain?: string | null): string {
  return subdomain ? `/?org=${encodeURIComponent(subdomain)}` : '/'
}

/** Show a toast once per mount, even under React's double effects in development. */
function useToastOnce(show: boolean, options: Parameters<typeof toast>[0]) {
  const shown = useRef(false)
  useEffect(() => {
    if (show && !shown.current) {
      shown.current = true
      toast(options)
    }
  })
}

function InvalidLink({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-destructive/10 text-destructive">
        <Link2Off aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Invalid Reset Link</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <p className="text-sm text-muted-foreground">
        Ask your platform administrator for a new link, or use Forgot password on the sign-in screen.
      </p>
      <div className="flex w-full flex-col gap-2">
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button asChild>
          <Link href="/">Back to Login</Link>
        </Button>
      </div>
    </div>
  )
}

type Validation = ReturnType<typeof useResetLinkValidation>

/** The toasts that say why the link cannot be used: no token, validation failed, expired or used. */
function useInvalidLinkToasts(hasToken: boolean, validation: Validation) {
  useToastOnce(!hasToken, {
    variant: 'destructive',
    title: 'Invalid Token',
    description: 'The reset link has no token. Please use the full link from your e-mail.',
    duration: RESET_TOAST_MS,
  })
  useToastOnce(validation.isError, {
    variant: 'destructive',
    title: 'Error',
    description: UNABLE_TO_VALIDATE,
    duration: RESET_TOAST_MS,
  })
  useToastOnce(validation.data?.valid === false, {
    variant: 'destructive',
    title: 'Invalid Reset Link',
    description: EXPIRED_OR_USED,
    duration: RESET_TOAST_MS,
  })
}

/**
 * The new-password form and its save. Once saved, `doneFor` is the organization's subdomain
 * (null if none) and the page moves on to its sign-in after a short delay.
 */
function useResetWithLink(token: string, role: string) {
  const reset = useResetPasswordWithLink()
  const [doneFor, setDoneFor] = useState<string | null | undefined>(undefined)
  const form = useForm<FormInput>({
    resolver: zodResolver(linkResetSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })

  useEffect(() => {
    if (doneFor === undefined) return
    const timer = setTimeout(() => page.goTo(afterResetUrl(doneFor)), REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [doneFor])

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { token, role, newPassword: values.newPassword },
      {
        onSuccess: (data) => {
          toast({
            title: 'Password Reset',
            description: 'Your new password is set. Taking you to sign in...',
            duration: RESET_TOAST_MS,
          })
          setDoneFor(data.organizationSubdomain ?? null)
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

  return { form, onSubmit, doneFor, saving: reset.isPending }
}

function Validating() {
  return (
    <div className="flex flex-col items-center gap-2 py-6">
      <Spinner label="Validating" className="p-2" />
      <p className="text-sm text-muted-foreground">Validating your reset link...</p>
    </div>
  )
}

function PasswordUpdated() {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
      <h1 className="text-2xl font-semibold tracking-tight">Password updated</h1>
      <p className="text-sm text-muted-foreground">Taking you to sign in...</p>
    </div>
  )
}

interface NewPasswordFormProps {
  roleLabel: string
  organizationName?: string | null
  form: UseFormReturn<FormInput>
  onSubmit: () => void
  saving: boolean
}

function NewPasswordForm({ roleLabel, organizationName, form, onSubmit, saving }: NewPasswordFormProps) {
  const {
    register,
    formState: { errors },
  } = form
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
        <p className="text-sm text-muted-foreground">
          For the {roleLabel} sign-in of <span className="font-medium text-foreground">{organizationName}</span>. Use 8
          to 128 characters with a number, a lowercase and an uppercase letter, and a special character.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="link"
          autoFocus
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          newPasswordError={errors.newPassword?.message}
          confirmPasswordError={errors.confirmPassword?.message}
        />
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </div>
  )
}

/**
 * /reset-password?token=&role=: validating, then the new-password form or the
 * invalid-link screen, then success and a redirect to the organization's sign-in after 2 s.
 */
export function ResetLinkPage({ token, role }: { token: string; role: string }) {
  const hasToken = token.trim() !== ''
  const validation = useResetLinkValidation(token, role, hasToken)
  const { form, onSubmit, doneFor, saving } = useResetWithLink(token, role)
  useInvalidLinkToasts(hasToken, validation)

  if (!hasToken) return <InvalidLink message="This reset link has no token." />
  if (validation.isPending) return <Validating />
  if (validation.isError) return <InvalidLink message={UNABLE_TO_VALIDATE} onRetry={() => void validation.refetch()} />
  if (!validation.data.valid) return <InvalidLink message={EXPIRED_OR_USED} />
  if (doneFor !== undefined) return <PasswordUpdated />

  return (
    <NewPasswordForm
      roleLabel={ROLE_LABELS[validation.data.role as Role] ?? 'account'}
      organizationName={validation.data.organizationName}
      form={form}
      onSubmit={onSubmit}
      saving={saving}
    />
  )
}
