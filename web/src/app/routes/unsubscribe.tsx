import { Link } from 'wouter'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { UnsubscribeScreen } from '@/features/notifications/components/unsubscribe-page'

/** /unsubscribe, the notification e-mails' link, in the sign-in frame, signed in or not. */
export default function UnsubscribeRoute() {
  return (
    <AuthShell
      title="Unsubscribe"
      footer={
        <Link href="/" className="font-medium text-primary hover:underline">
          Go to Merit
        </Link>
      }
    >
      <UnsubscribeScreen />
    </AuthShell>
  )
}
