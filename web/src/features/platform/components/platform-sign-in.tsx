import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert, KeyRound, LogIn, ShieldCheck } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Skeleton } from '@/components/ui/skeleton'
import { useScreenToast } from '@/lib/use-screen-toast'
import { errorMessage } from '@/lib/api-client'
import { usePlatformLogin } from '../api/platform-login'
import { OIDC_LOGIN_URL, usePlatformConfig } from '../api/platform-session'
import { PlatformShell } from './platform-shell'

const loginSchema = z.object({
  // Only the shape is checked here: `merit platform-admin create` accepts addresses a browser's
  // stricter rule would refuse (a@b.c), and the server answers for the account itself.
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address')
    .regex(/^[^\s@]+@[^\s@]+$/, 'Please enter a valid email address'),
  password: z.string().min(1, 'Please enter your password'),
})

type LoginInput = z.input<typeof loginSchema>
type LoginValues = z.output<typeof loginSchema>

/** Signed out, the panel offers sign-in with an external account. */
export function PlatformSignIn({ error }: { error?: string }) {
  const config = usePlatformConfig()

  return (
    <PlatformShell>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Super admin sign-in</h1>
          <p className="text-sm text-muted-foreground">
            The platform panel manages every organization on Merit. It has its own sign-in, separate from your
            organization's.
          </p>
        </div>

        {error && (
          <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        )}

        {config.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : config.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(config.error, 'Unable to reach Merit. Please try again.')}
          </p>
        ) : config.data.oidcEnabled ? (
          <Button asChild size="lg">
            <a href={OIDC_LOGIN_URL}>
              <LogIn aria-hidden="true" />
              Sign in with {config.data.providerName || 'your external account'}
            </a>
          </Button>
        ) : (
          <LocalSignInForm />
        )}
      </div>
    </PlatformShell>
  )
}

function LocalSignInForm() {
  const login = usePlatformLogin()
  const errorToast = useScreenToast()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = handleSubmit((values) => {
    errorToast.clear()
    login.mutate(values, {
      onError: (error) =>
        errorToast.show({ variant: 'destructive', title: 'Sign-in failed', description: errorMessage(error, 'Invalid credentials') }),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        No external sign-in provider is configured on this server: sign in with a local platform admin (created with{' '}
        <code className="rounded bg-muted px-1">merit platform-admin create</code>).
      </p>
      <TextField
        id="platform-email"
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="platform-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" disabled={login.isPending}>
        <KeyRound aria-hidden="true" />
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
