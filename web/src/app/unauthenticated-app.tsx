import { lazy } from 'react'
import { useLocation, useSearch } from 'wouter'
import { isAppPath, orgCodeFromPath } from './paths'
import NotFoundPage from './routes/not-found'
import { SignInFlow } from './sign-in-flow'

const PasswordRecoveryRoute = lazy(() => import('./routes/password-recovery'))
const UnsubscribeRoute = lazy(() => import('./routes/unsubscribe'))

/**
 * Everything a visitor without a session can reach. Screens of the app ask for sign-in first
 * and open once it succeeds.
 */
export default function UnauthenticatedApp() {
  const [location] = useLocation()
  const search = useSearch()

  if (location === '/forgot-password' || location === '/reset-password') return <PasswordRecoveryRoute />
  // The notification e-mails' link works without signing in: its token is the proof.
  if (location === '/unsubscribe') return <UnsubscribeRoute />

  const fromQuery = new URLSearchParams(search).get('org')?.trim().toLowerCase() || undefined
  const initialCode = orgCodeFromPath(location) ?? fromQuery
  if (initialCode || isAppPath(location)) return <SignInFlow initialCode={initialCode} />

  return (
    <main className="flex min-h-dvh">
      <NotFoundPage />
    </main>
  )
}
