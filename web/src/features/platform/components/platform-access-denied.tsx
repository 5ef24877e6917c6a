import { LogOut, ShieldBan } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { usePlatformLogout } from '../api/platform-login'
import { PlatformShell } from './platform-shell'

/** A 403 from the platform API shows Access Denied with Sign Out and a back link. */
export function PlatformAccessDenied({ message }: { message: string }) {
  const logout = usePlatformLogout()
  const [leaving, setLeaving] = useState(false)

  return (
    // (its own Back to Home button is the back link, so the frame's link is left out)
    <PlatformShell homeLink={false}>
      <div className="flex flex-col items-center gap-3 text-center">
        <ShieldBan aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-semibold tracking-tight">Access Denied</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        <p className="text-sm text-muted-foreground">
          Only platform administrators can open this panel. Sign out and use another account, or ask an existing
          platform administrator to add your e-mail address.
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Button
            disabled={leaving}
            onClick={async () => {
              setLeaving(true)
              await logout()
              setLeaving(false)
            }}
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </PlatformShell>
  )
}
