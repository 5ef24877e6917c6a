import { useMutation } from '@tanstack/react-query'
import { MailX } from 'lucide-react'
import { useSearch } from 'wouter'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { unsubscribe } from '../api/notifications'

export const INVALID_LINK = 'This unsubscribe link is not valid'

function Result({ label, alreadyOff }: { label: string; alreadyOff: boolean }) {
  return (
    <div role="status" className="flex flex-col gap-2 text-center">
      <p className="font-semibold">{alreadyOff ? 'Already unsubscribed' : 'You are unsubscribed'}</p>
      <p className="text-sm text-muted-foreground">
        {alreadyOff
          ? `E-mails about “${label}” were already off. Nothing changed.`
          : `You will no longer get e-mails about “${label}”. The bell in Merit still shows these notifications.`}
      </p>
    </div>
  )
}

/**
 * /unsubscribe?token=…, the link in every notification e-mail. Nothing changes until the button is
 * pressed: mail scanners open links, and opening this page must not unsubscribe anyone.
 */
export function UnsubscribeScreen() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? ''
  const send = useMutation({ mutationFn: () => unsubscribe(token) })
  if (!token) return <p role="alert" className="text-center text-sm text-destructive">{INVALID_LINK}</p>
  if (send.isSuccess) return <Result label={send.data.label} alreadyOff={send.data.alreadyOff} />
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <MailX aria-hidden="true" className="size-10 text-primary" />
      <p className="text-sm text-muted-foreground">
        Stop the e-mails this link is for? You can turn them on again under Notifications in Merit.
      </p>
      {send.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(send.error, INVALID_LINK)}
        </p>
      )}
      <Button className="w-full sm:w-auto" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </div>
  )
}
