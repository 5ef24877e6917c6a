import { CircleCheck, CircleX, PlugZap } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useTestSsoConnection } from '../api/sso-settings'

type Outcome = { ok: boolean; message: string }

/**
 * 'Test connection': reads the issuer's discovery document and signing keys, as a sign-in
 * will, and says what it found or what is wrong. `issuer` gives the address in the form now
 * (undefined when the field is not valid: its own message says why).
 */
export function SsoConnectionTest({ issuer }: { issuer: () => Promise<string | undefined> }) {
  const test = useTestSsoConnection()
  const [outcome, setOutcome] = useState<Outcome>()

  const run = async () => {
    setOutcome(undefined)
    const address = await issuer()
    if (!address) return
    try {
      setOutcome(await test.mutateAsync(address))
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The connection could not be tested. Please try again.') })
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" className="self-start" onClick={() => void run()} disabled={test.isPending}>
        <PlugZap aria-hidden="true" />
        {test.isPending ? 'Testing...' : 'Test connection'}
      </Button>
      <div role="status" aria-live="polite">
        {outcome && (
          <p className={outcome.ok ? 'flex gap-2 text-sm text-success' : 'flex gap-2 text-sm text-destructive'}>
            {outcome.ok ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              <span className="font-medium">{outcome.ok ? 'Connection works. ' : 'Connection failed. '}</span>
              {outcome.message}
            </span>
          </p>
        )}
      </div>
    </div>
  )
}
