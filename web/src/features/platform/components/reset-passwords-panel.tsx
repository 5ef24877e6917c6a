import { Check, Copy, KeyRound, MailCheck, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import type { Organization } from '../api/organization'
import { useResetPasswords } from '../api/reset-passwords'

const ROLE_NAMES: Record<string, string> = { admin: 'Administrator', manager: 'Manager' }

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          setCopied(true)
        } catch {
          toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the link and copy it by hand.' })
        }
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}

type ResetReply = NonNullable<ReturnType<typeof useResetPasswords>['data']>

/** What the reset made: the server's note and, when not e-mailed, each link to copy once. */
function ResetResult({ result }: { result: ResetReply }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="flex gap-2 text-sm">
        {result.emailSent ? (
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        ) : (
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        )}
        {result.message}
      </p>
      {result.links.length > 0 && (
        <ul className="flex flex-col gap-2">
          {result.links.map((link) => (
            <li key={link.role} className="flex flex-col gap-1 rounded-md bg-muted p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">{ROLE_NAMES[link.role] ?? link.role}</span>
                <CopyButton text={link.url} label={`Copy the ${ROLE_NAMES[link.role] ?? link.role} link`} />
              </div>
              <code className="break-all text-xs">{link.url}</code>
              <span className="text-xs text-muted-foreground">Expires {formatDate(link.expiresAt)}, {new Date(link.expiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Reset Passwords: 2-hour single-use links for admin and manager, e-mailed or shown once. */
export function ResetPasswordsPanel({ organization }: { organization: Organization }) {
  const reset = useResetPasswords()
  const result = reset.data

  return (
    <section aria-label="Password reset" className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold">Reset passwords</h3>
          <p className="text-xs text-muted-foreground">
            Creates one-time links (valid 2 hours) for the Administrator and Manager sign-ins. Earlier links stop working.
          </p>
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={reset.isPending}
          onClick={() =>
            reset.mutate(organization.id, {
              onSuccess: (reply) =>
                toast({
                  title: reply.emailSent ? 'Reset links sent' : 'Reset links created',
                  // The server says why links were not e-mailed (no mail service, no admin
                  // e-mail, or the send failed); the server's note is its first sentence.
                  description: reply.message,
                  duration: 7000,
                }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Error',
                  description: errorMessage(error, 'Failed to reset passwords'),
                }),
            })
          }
        >
          <KeyRound aria-hidden="true" />
          {reset.isPending ? 'Creating...' : 'Reset Passwords'}
        </Button>
      </div>

      {result && <ResetResult result={result} />}
    </section>
  )
}
