import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ForgotPasswordLink } from './forgot-password-link'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useScreenToast } from '@/lib/use-screen-toast'
import type { ToastOptions } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { saveClientSession } from '@/lib/client-session'
import type { LoginOrganization } from '../api/org-login'
import { useUserLogin } from '../api/user-login'
import { PasswordInput } from './password-input'
import { SignInStep } from './sign-in-step'

const REQUIRED_MESSAGE = 'Please enter your email and password'

const accountLoginSchema = z.object({
  email: z.string().trim().min(1, REQUIRED_MESSAGE),
  password: z.string().min(1, REQUIRED_MESSAGE),
})

type AccountLoginValues = z.infer<typeof accountLoginSchema>

interface AccountLoginFormProps {
  organization: LoginOrganization
  /** Back to choosing a role. */
  onBack: () => void
  onSignedIn: () => Promise<void> | void
}

function failureToast(error: unknown): ToastOptions {
  const status = errorStatus(error)
  return {
    variant: 'destructive',
    title: status === 401 ? 'Login Failed' : status === 429 ? 'Too Many Attempts' : 'Error',
    description: status === 401 ? 'Invalid credentials' : errorMessage(error, 'Sign-in failed. Please try again.'),
  }
}

/** The third way in: a person's own account (e-mail and password), with its own role. */
export function AccountLoginForm({ organization, onBack, onSignedIn }: AccountLoginFormProps) {
  const userLogin = useUserLogin()
  const errorToast = useScreenToast()
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AccountLoginValues>({
    resolver: zodResolver(accountLoginSchema),
    defaultValues: { email: '', password: '' },
  })
  const busy = userLogin.isPending || isSubmitting

  const onSubmit = handleSubmit(async (values) => {
    let role
    errorToast.clear()
    try {
      role = (await userLogin.mutateAsync(values)).userRole
    } catch (error) {
      errorToast.show(failureToast(error))
      return
    }
    saveClientSession({ organization, role })
    await onSignedIn()
  })

  return (
    <SignInStep organizationName={organization.name} onBack={onBack} title="Sign in with your account" hint="Use the email address and password of your own account.">

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor="account-email">Email</Label>
          <Input
            id="account-email"
            type="email"
            autoComplete="username"
            autoFocus
            aria-invalid={errors.email ? true : undefined}
            {...register('email')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="account-password">Password</Label>
          <PasswordInput
            id="account-password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
          <ForgotPasswordLink subdomain={organization.subdomain} />
        </div>
        <FieldError id="account-login-error" message={errors.email?.message ?? errors.password?.message} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </SignInStep>
  )
}
