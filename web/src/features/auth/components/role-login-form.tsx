import { zodResolver } from '@hookform/resolvers/zod'
import { Info, ShieldUser, UserRound, Users } from 'lucide-react'
import { useState } from 'react'
import { type UseFormRegister, useForm, useWatch } from 'react-hook-form'
import { ForgotPasswordLink } from './forgot-password-link'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Label } from '@/components/ui/label'
import { useScreenToast } from '@/lib/use-screen-toast'
import type { ToastOptions } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { saveClientSession } from '@/lib/client-session'
import { cn } from '@/lib/utils'
import type { LoginOrganization } from '../api/org-login'
import { LOGIN_ROLES, useRoleLogin, type LoginRole } from '../api/role-login'
import { AccountLoginForm } from './account-login-form'
import { PasswordInput } from './password-input'
import { SignInStep } from './sign-in-step'

const REQUIRED_MESSAGE = 'Please select a role and enter your password'

const roleLoginSchema = z.object({
  role: z.enum(LOGIN_ROLES, { error: REQUIRED_MESSAGE }),
  password: z.string().min(1, REQUIRED_MESSAGE),
})

type RoleLoginInput = z.input<typeof roleLoginSchema>
type RoleLoginValues = z.output<typeof roleLoginSchema>

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Administrator', description: 'Full access to people, reviews and settings', icon: ShieldUser },
  { value: 'manager', label: 'Manager', description: 'Your team, reviews and reminders', icon: Users },
] as const satisfies ReadonlyArray<{ value: LoginRole; label: string; description: string; icon: unknown }>

interface RoleLoginFormProps {
  organization: LoginOrganization
  onBack: () => void
  /** Called once the server accepted the password; the caller starts the session. */
  onSignedIn: () => Promise<void> | void
}

function roleLoginError(error: unknown): ToastOptions {
  const status = errorStatus(error)
  if (status === 401) return { variant: 'destructive', title: 'Login Failed', description: 'Invalid credentials' }
  if (status === 429) {
    return {
      variant: 'destructive',
      title: 'Too Many Attempts',
      description: errorMessage(error, 'Too many sign-in attempts. Please wait and try again.'),
    }
  }
  return { variant: 'destructive', title: 'Error', description: errorMessage(error, 'Sign-in failed. Please try again.') }
}

type RoleOption = (typeof ROLE_OPTIONS)[number]

/**
 * The shared role sign-ins the organisation still offers (the org-login reply says which; an
 * organisation that keeps both on, and a reply that does not say, shows both, as before).
 */
export function offeredRoles(organization: LoginOrganization): RoleOption[] {
  return ROLE_OPTIONS.filter(({ value }) =>
    value === 'admin' ? organization.sharedAdminSignIn !== false : organization.sharedManagerSignIn !== false,
  )
}

interface RoleOptionsProps {
  options: readonly RoleOption[]
  register: UseFormRegister<RoleLoginInput>
  onWithAccount: () => void
}

function RoleOptions({ options, register, onWithAccount }: RoleOptionsProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Sign in as</legend>
      <div className={cn('grid gap-3', options.length > 1 && 'sm:grid-cols-2')}>
        {options.map(({ value, label, description, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors hover:bg-muted',
              'has-checked:border-primary has-checked:bg-primary-soft has-checked:ring-1 has-checked:ring-primary',
              'has-focus-visible:ring-2 has-focus-visible:ring-ring',
            )}
          >
            {/* The real radio covers the card, invisible, so every click and keypress lands on it. */}
            <input
              type="radio"
              value={value}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              {...register('role')}
            />
            <span className="flex items-center gap-2 font-medium">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {label}
            </span>
            <span className="text-xs text-muted-foreground">{description}</span>
          </label>
        ))}
      </div>
      <Button type="button" variant="outline" className="mt-1 justify-start" onClick={onWithAccount}>
        <UserRound aria-hidden="true" className="text-primary" />
        Sign in with your account
      </Button>
    </fieldset>
  )
}

/** Sends the role and password; on success remembers the session's organization and role. */
function useRoleLoginForm({ organization, onSignedIn }: Pick<RoleLoginFormProps, 'organization' | 'onSignedIn'>) {
  const roleLogin = useRoleLogin()
  const errorToast = useScreenToast()
  const options = offeredRoles(organization)
  const form = useForm<RoleLoginInput, unknown, RoleLoginValues>({
    resolver: zodResolver(roleLoginSchema),
    // A single shared sign-in left is chosen already.
    defaultValues: { password: '', role: options.length === 1 ? options[0]!.value : undefined },
  })

  const onSubmit = form.handleSubmit(async (values) => {
    errorToast.clear()
    try {
      await roleLogin.mutateAsync(values)
    } catch (error) {
      errorToast.show(roleLoginError(error))
      return
    }
    saveClientSession({ organization, role: values.role })
    await onSignedIn()
  })

  return { form, options, onSubmit, busy: roleLogin.isPending || form.formState.isSubmitting }
}

/**
 * Step two of sign-in: a shared role and its password for the chosen organization, or a
 * person's own account; with no shared sign-in left on, the own account's form straight away.
 */
export function RoleLoginForm({ organization, onBack, onSignedIn }: RoleLoginFormProps) {
  if (offeredRoles(organization).length === 0) {
    return <AccountLoginForm organization={organization} onBack={onBack} onSignedIn={onSignedIn} />
  }
  return <SharedSignIn organization={organization} onBack={onBack} onSignedIn={onSignedIn} />
}

function SharedSignIn({ organization, onBack, onSignedIn }: RoleLoginFormProps) {
  const { form, options, onSubmit, busy } = useRoleLoginForm({ organization, onSignedIn })
  const {
    control,
    register,
    formState: { errors },
  } = form
  const role = useWatch({ control, name: 'role' }) ?? options[0]!.value
  const message = errors.role?.message ?? errors.password?.message
  const [withAccount, setWithAccount] = useState(false)

  if (withAccount) {
    return <AccountLoginForm organization={organization} onBack={() => setWithAccount(false)} onSignedIn={onSignedIn} />
  }

  return (
    <SignInStep organizationName={organization.name} onBack={onBack} title="Welcome back" hint="Choose your role and enter your password.">

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <RoleOptions options={options} register={register} onWithAccount={() => setWithAccount(true)} />

        <div className="flex flex-col gap-2">
          <Label htmlFor="role-password">Password</Label>
          <PasswordInput
            id="role-password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="role-login-hint"
            {...register('password')}
          />
          <ForgotPasswordLink subdomain={organization.subdomain} />
        </div>

        <p id="role-login-hint" className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            First time? Your default password is the role followed by your organization code, e.g.{' '}
            <span className="font-mono font-medium text-foreground">
              {role}
              {organization.subdomain}
            </span>
          </span>
        </p>

        <FieldError id="role-login-error" message={message} />

        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </SignInStep>
  )
}
