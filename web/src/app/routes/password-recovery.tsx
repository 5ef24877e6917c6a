import { Link, useLocation } from 'wouter'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { ForgotPasswordPage } from '@/features/recovery/components/forgot-password-page'
import { ResetPasswordPage } from '@/features/recovery/components/reset-password-page'

/** /forgot-password and /reset-password, in the sign-in frame, signed in or not. */
export default function PasswordRecoveryRoute() {
  const [location] = useLocation()
  const forgot = location === '/forgot-password'
  return (
    <AuthShell
      title={forgot ? 'Forgot Password' : 'Reset Password'}
      footer={
        <Link href="/" className="font-medium text-primary hover:underline">
          Back to Home
        </Link>
      }
    >
      {forgot ? <ForgotPasswordPage /> : <ResetPasswordPage />}
    </AuthShell>
  )
}
