import { Construction } from 'lucide-react'
import { lazy } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { findAppRoute, isAppPath, orgCodeFromPath } from './paths'
import NotFoundPage from './routes/not-found'
import { SignInFlow } from './sign-in-flow'

const PasswordRecoveryRoute = lazy(() => import('./routes/password-recovery'))

function PublicPlaceholder({ title }: { title: string }) {
  return (
    <AuthShell title={title} footer={<Link href="/" className="font-medium text-primary hover:underline">Back to Home</Link>}>
      <div className="flex flex-col items-center gap-3 text-center">
        <Construction aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">This screen is not built yet.</p>
      </div>
    </AuthShell>
  )
}

/**
 * Everything a visitor without a session can reach. Screens of the app ask for sign-in first
 * and open once it succeeds.
 */
export default function UnauthenticatedApp() {
  const [location] = useLocation()
  const search = useSearch()
  const route = findAppRoute(location)

  if (location === '/forgot-password' || location === '/reset-password') return <PasswordRecoveryRoute />
  if (route?.public) return <PublicPlaceholder title={route.title} />

  const fromQuery = new URLSearchParams(search).get('org')?.trim().toLowerCase() || undefined
  const initialCode = orgCodeFromPath(location) ?? fromQuery
  if (initialCode || isAppPath(location)) return <SignInFlow initialCode={initialCode} />

  return (
    <main className="flex min-h-dvh">
      <NotFoundPage />
    </main>
  )
}
