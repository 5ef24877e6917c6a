import { useSearch } from 'wouter'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { usePlatformAccess } from '../api/platform-session'
import { OrganizationsPanel } from '../components/organizations-panel'
import { PlatformAccessDenied } from '../components/platform-access-denied'
import { PlatformShell } from '../components/platform-shell'
import { PlatformSignIn } from '../components/platform-sign-in'

/**
 * /super-admin: sign-in with an external account when signed out, Access Denied on a
 * 403, otherwise the organisations panel. Platform sign-in is separate from organisation sign-in.
 */
export default function SuperAdminPage() {
  const access = usePlatformAccess()
  const error = new URLSearchParams(useSearch()).get('error') ?? undefined

  if (access.isPending) return <Spinner label="Loading the super admin panel" className="min-h-dvh" />
  if (access.isError) {
    return (
      <PlatformShell>
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p className="text-sm text-destructive">{errorMessage(access.error, 'Unable to reach Merit. Please try again.')}</p>
          <Button variant="outline" onClick={() => void access.refetch()}>
            Try again
          </Button>
        </div>
      </PlatformShell>
    )
  }
  const state = access.data
  if (state.state === 'signed-out') return <PlatformSignIn error={error} />
  if (state.state === 'denied') return <PlatformAccessDenied message={state.message} />
  return <OrganizationsPanel session={state.session} />
}
