import { CircleAlert, KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { removeSsoErrorFromAddress, SSO_LOGIN_PATH, ssoErrorInAddress } from '../lib/sso-error'

/**
 * 'Sign in with {provider}' on the sign-in screen, when the organization has single sign-on
 * switched on (`provider` is the name the org-login reply gives, null otherwise). A plain link:
 * the server sends the browser on to the provider, which sends it back signed in.
 */
export function SsoSignIn({ provider }: { provider: string | null | undefined }) {
  if (!provider) return null
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button asChild variant="outline" size="lg">
        <a href={SSO_LOGIN_PATH}>
          <KeyRound aria-hidden="true" className="text-primary" />
          Sign in with {provider}
        </a>
      </Button>
    </div>
  )
}

/** Why the last single sign-on failed, when the server sent the browser back with a message. */
export function SsoErrorAlert() {
  const [message] = useState(ssoErrorInAddress)
  useEffect(removeSsoErrorFromAddress, [])
  if (!message) return null
  return (
    <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-medium">Single sign-on failed. </span>
        {message}
      </p>
    </div>
  )
}
