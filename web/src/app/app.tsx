import { lazy, Suspense, useDeferredValue, useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/lib/use-toast'
import { useSession, type Session } from '@/features/auth/api/get-session'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { clearClientSession } from '@/lib/client-session'
import { preloadable } from '@/lib/preloadable'

// At "/" the signed-in app waits for the dashboard's code too, so both show in one render.
const AuthenticatedApp = preloadable<{ session: Session }>(() =>
  import('./authenticated-app').then(async (module) => {
    if (window.location.pathname === '/') await module.preloadDashboard()
    return module
  }),
)
const UnauthenticatedApp = lazy(() => import('./unauthenticated-app'))
const SuperAdminRoute = lazy(() => import('./routes/super-admin'))

const fullPage = <Spinner label="Loading Merit" className="min-h-dvh" />

// A browser that sent a session cookie is most likely signed in: fetch the signed-in app's code
// (and the dashboard's, where most visits start) while the session is checked, not after.
if (!document.querySelector('meta[name="merit-session"]')) {
  void AuthenticatedApp.preload()
}

/** Signed out until the session check succeeds; a failed check counts as signed out. */
export function App() {
  // The answer renders as a background (interruptible) update: the whole signed-in screen in
  // one render would otherwise hold a slow phone's main thread for a long task.
  const { data: session, isPending, isError, error } = useDeferredValue(useSession())
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
