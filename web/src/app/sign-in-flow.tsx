import { useQueryClient } from '@tanstack/react-query'
import { type ComponentProps, lazy, Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import { toast } from '@/lib/use-toast'
import { sessionQueryOptions } from '@/features/auth/api/get-session'
import type { LoginOrganization } from '@/features/auth/api/org-login'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { Spinner } from '@/components/ui/spinner'
import { LandingPage } from '@/features/marketing/components/landing-page'
import { SsoErrorAlert, SsoSignIn } from '@/features/sso/components/sso-sign-in'
import { ssoErrorInAddress } from '@/features/sso/lib/sso-error'
import { errorMessage } from '@/lib/api-client'
import { hostSubdomain, signInAt } from '@/lib/site'
import { isAppPath } from './paths'

// The forms (and zod and react-hook-form with them) load when a step needs them, not with the
// landing page.
const OrgCodeForm = lazy(() =>
  import('@/features/auth/components/org-code-form').then((m) => ({ default: m.OrgCodeForm })),
)
const RoleLoginForm = lazy(() =>
  import('@/features/auth/components/role-login-form').then((m) => ({ default: m.RoleLoginForm })),
)

type Step =
  | { name: 'landing' }
  | { name: 'organization'; findNow?: boolean }
  | { name: 'role'; organization: LoginOrganization }

function firstStep(initialCode: string | undefined, location: string): Step {
  const here = hostSubdomain()
  // An organisation's own address knows its code: straight to its role screen.
  if (here && (initialCode === undefined || initialCode === here)) return { name: 'organization', findNow: true }
  // Back from a single sign-on that failed: its organization's sign-in again, with the message.
  if (ssoErrorInAddress()) return { name: 'organization', findNow: Boolean(initialCode) }
  // A code to sign in with, or a screen of the app asked for: sign-in, not the marketing page.
  if (initialCode || location !== '/') return { name: 'organization' }
  return { name: 'landing' }
}

/** Where sign-in leads: the screen asked for with its query (less ?org=), or the dashboard. */
function afterSignIn(location: string): string {
  if (!isAppPath(location)) return '/' // an organization path such as /acme
  const query = new URLSearchParams(window.location.search)
  query.delete('org')
  const rest = query.toString()
  return rest ? `${location}?${rest}` : location
}

/** The role screen, and 'Sign in with {provider}' below it when the organization offers it. */
function RoleStep(props: ComponentProps<typeof RoleLoginForm>) {
  return (
    <>
      <RoleLoginForm {...props} />
      <SsoSignIn provider={props.organization.ssoProvider} />
    </>
  )
}

/** The way in: landing → organization code → role and password → the app. */
export function SignInFlow({ initialCode }: { initialCode?: string }) {
  const [location, navigate] = useLocation()
  const [step, setStep] = useState<Step>(() => firstStep(initialCode, location))
  const [code, setCode] = useState(initialCode ?? hostSubdomain() ?? '')
  const queryClient = useQueryClient()

  const goHome = () => {
    setStep({ name: 'landing' })
    setCode(hostSubdomain() ?? '')
    if (location !== '/' || window.location.search) navigate('/', { replace: true })
  }

  const startSession = async () => {
    // A deep link to a screen survives sign-in; an organization path such as /acme does not.
    const target = afterSignIn(location)
    if (target !== `${location}${window.location.search}`) navigate(target, { replace: true })
    try {
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
      if (!session) {
        toast({
          variant: 'destructive',
          title: 'Sign-in failed',
          description: 'Your session could not be started. Please make sure cookies are enabled and try again.',
        })
      }
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Sign-in failed. Please try again.') })
    }
  }

  if (step.name === 'landing') {
    return <LandingPage onLogin={() => setStep({ name: 'organization' })} />
  }

  return (
    <AuthShell title="Sign in">
      <SsoErrorAlert />
      <Suspense fallback={<Spinner label="Loading the sign-in" />}>
        {step.name === 'organization' ? (
          <OrgCodeForm
            defaultCode={code}
            findNow={step.findNow}
            onHome={goHome}
            onFound={(organization) => {
              const here = hostSubdomain()
              if (here && organization.subdomain !== here) {
                // Another organisation's code on this one's address: sign in at its own address,
                // for the server takes the address's organisation for the role login.
                signInAt(organization.subdomain)
                return
              }
              setCode(organization.subdomain)
              setStep({ name: 'role', organization })
            }}
          />
        ) : (
          <RoleStep
            organization={step.organization}
            onBack={() => setStep({ name: 'organization' })}
            onSignedIn={startSession}
          />
        )}
      </Suspense>
    </AuthShell>
  )
}
