import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearch } from 'wouter'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/lib/use-toast'
import { errorStatus } from '@/lib/api-client'
import { useRequestPasswordReset } from '../api/request-reset'
import { forgotPasswordSchema, RESET_TOAST_MS } from '../lib/password-rules'

type FormInput = z.input<typeof forgotPasswordSchema>

const SEND_FAILED = 'Failed to send reset link. Please try again.'
const ORG_NOT_FOUND = 'Organization not found. Please check your organization code.'

/** Where "Back to Login" goes: the sign-in of the organization, when we know it. */
export function loginHref(code?: string): string {
  return code ? `/?org=${encodeURIComponent(code)}` : '/'
}

interface SentTo {
  email: string
  code?: string
}

/** Asks for a reset link; a mistyped organization code (404) is the one failure said by its field. */
function useSendResetLink(onSent: (sentTo: SentTo) => void, onUnknownOrganization: () => void) {
  const request = useRequestPasswordReset()
  const send = (email: string, code?: string) =>
    request.mutate(
      { email, ...(code ? { subdomain: code } : {}) },
      {
        onSuccess: () => {
          onSent({ email, code })
          toast({
            title: 'Reset link sent',
            description: 'If an account exists for that email address, a reset link is on its way.',
            duration: RESET_TOAST_MS,
          })
        },
        onError: (error) => {
          const unknownOrganization = errorStatus(error) === 404
          if (unknownOrganization) onUnknownOrganization()
          toast({
            variant: 'destructive',
            title: 'Error',
            description: unknownOrganization ? ORG_NOT_FOUND : SEND_FAILED,
            duration: RESET_TOAST_MS,
          })
        },
      },
    )
  return { send, sending: request.isPending }
}

/** The e-mail (and, without ?org=, organization code) form, and where the link went once sent. */
function useForgotPasswordForm(orgFromLink: string | undefined) {
  const [sentTo, setSentTo] = useState<SentTo | null>(null)
  const form = useForm<FormInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '', organizationCode: orgFromLink ?? '' },
  })
  const { setError } = form
  const { send, sending } = useSendResetLink(setSentTo, () => {
    // Only a typed code can be fixed here; one from the link is not on the form.
    if (!orgFromLink) setError('organizationCode', { message: ORG_NOT_FOUND })
  })

  const onSubmit = form.handleSubmit((values) => {
    const data = forgotPasswordSchema.parse(values)
    const code = orgFromLink ?? data.organizationCode
    if (!code) {
      setError('organizationCode', { message: 'Please enter your organization code' })
      return
    }
    send(data.email, code)
  })

  return { form, onSubmit, sentTo, send, sending }
}

function LinkSent({ sentTo, sending, onResend }: { sentTo: SentTo; sending: boolean; onResend: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-success/10 text-success">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
      <p className="text-sm text-muted-foreground">
        If an account exists for <span className="font-medium text-foreground">{sentTo.email}</span>, we have sent a
        link to reset its password. The link is valid for 1 hour and works once.
      </p>
      <div className="flex w-full flex-col gap-2">
        <Button variant="outline" disabled={sending} onClick={onResend}>
          {sending ? 'Sending...' : 'Send Another Link'}
        </Button>
        <Button asChild>
          <Link href={loginHref(sentTo.code)}>Back to Login</Link>
        </Button>
      </div>
    </div>
  )
}

/**
 * Forgot password: an e-mail field, then a confirmation with Send Another Link
 * and Back to Login. The organization comes from ?org= (the role login screen passes it); a
 * visitor without one is asked for the organization code too.
 */
export function ForgotPasswordPage() {
  const search = useSearch()
  const orgFromLink = new URLSearchParams(search).get('org')?.trim().toLowerCase() || undefined
  const { form, onSubmit, sentTo, send, sending } = useForgotPasswordForm(orgFromLink)
  const {
    register,
    formState: { errors },
  } = form

  if (sentTo) return <LinkSent sentTo={sentTo} sending={sending} onResend={() => send(sentTo.email, sentTo.code)} />

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
        <p className="text-sm text-muted-foreground">
          Enter the email address of your account and we will send you a link to choose a new password.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {!orgFromLink && (
          <TextField
            id="forgot-org"
            label="Organization code"
            autoComplete="organization"
            error={errors.organizationCode?.message}
            {...register('organizationCode')}
          />
        )}
        <TextField
          id="forgot-email"
          label="Email address"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <div className="flex items-center justify-between text-sm">
        <Link href={loginHref(orgFromLink)} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
        <Link href="/reset-password" className="font-medium text-primary hover:underline">
          I have a reset token
        </Link>
      </div>
    </div>
  )
}
