import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { toast } from '@/components/ui/use-toast'
import { sessionQueryOptions } from '@/features/auth/api/get-session'
import type { LoginOrganization } from '@/features/auth/api/org-login'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { OrgCodeForm } from '@/features/auth/components/org-code-form'
import { RoleLoginForm } from '@/features/auth/components/role-login-form'
import { LandingPage } from '@/features/marketing/components/landing-page'
import { errorMessage } from '@/lib/api-client'
import { hostSubdomain, signInAt } from '@/lib/site'
import { isAppPath } from './paths'

type Step = { name: 'landing' } | { name: 'organization' } | { name: 'role'; organization: LoginOrganization }

/** SPEC §4 app flow: landing → organization code → role and password → the app. */
export function SignInFlow({ initialCode }: { initialCode?: string }) {
  const [step, setStep] = useState<Step>(initialCode ? { name: 'organization' } : { name: 'landing' })
  // On an organisation's own address its code is already known.
  const [code, setCode] = useState(initialCode ?? hostSubdomain() ?? '')
  const [location, navigate] = useLocation()
  const queryClient = useQueryClient()

  const goHome = () => {
    setStep({ name: 'landing' })
    setCode(hostSubdomain() ?? '')
    if (location !== '/' || window.location.search) navigate('/', { replace: true })
  }

  const startSession = async () => {
    // A deep link to a screen survives sign-in; an organization path such as /acme does not.
    const target = isAppPath(location) ? location : '/'
    if (target !== location || window.location.search) navigate(target, { replace: true })
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
      {step.name === 'organization' ? (
        <OrgCodeForm
          defaultCode={code}
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
        <RoleLoginForm
          organization={step.organization}
          onBack={() => setStep({ name: 'organization' })}
          onSignedIn={startSession}
        />
      )}
    </AuthShell>
  )
}
