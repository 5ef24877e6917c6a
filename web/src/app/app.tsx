import { lazy, Suspense, useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/lib/use-toast'
import { useSession } from '@/features/auth/api/get-session'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { clearClientSession } from '@/lib/client-session'

const AuthenticatedApp = lazy(() => import('./authenticated-app'))
const UnauthenticatedApp = lazy(() => import('./unauthenticated-app'))
const SuperAdminRoute = lazy(() => import('./routes/super-admin'))

const fullPage = <Spinner label="Loading Merit" className="min-h-dvh" />

// A browser that sent a session cookie is most likely signed in: fetch the signed-in app's code
// (and the dashboard's, where most visits start) while the session is checked, not after.
if (!document.querySelector('meta[name="merit-session"]')) {
  void import('./authenticated-app')
  if (window.location.pathname === '/') void import('./routes/dashboard')
}

/** Signed out until the session check succeeds; a failed check counts as signed out. */
export function App() {
  const { data: session, isPending, isError, error } = useSession()
  const signedOut = isError || session === null
  const [location] = useLocation()
  // Visit (super admin) opens /?org={code}: signed in to another organisation, that one's
  // sign-in shows instead of the current session's app.
  const visiting = new URLSearchParams(useSearch()).get('org')?.trim().toLowerCase()
  const elsewhere = Boolean(
    session && visiting && session.organizationSubdomain && visiting !== session.organizationSubdomain,
  )

  useEffect(() => {
    if (!signedOut) return
    clearClientSession()
    // A session the server refuses (403) has a reason a person should read: its organisation
    // was deactivated while they were signed in.
    if (errorStatus(error) === 403) {
      toast({ variant: 'destructive', title: 'Signed out', description: errorMessage(error, 'Access denied.') })
    }
  }, [signedOut, error])

  // The platform panel has its own sign-in, separate from the organisation's session.
  if (location === '/super-admin' || location === '/super-admin/') {
    return (
      <Suspense fallback={fullPage}>
        <SuperAdminRoute />
      </Suspense>
    )
  }
  if (isPending) return fullPage
  return (
    <Suspense fallback={fullPage}>
      {session && !isError && !elsewhere ? <AuthenticatedApp session={session} /> : <UnauthenticatedApp />}
    </Suspense>
  )
}
