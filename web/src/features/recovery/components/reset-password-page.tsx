import { useSearch } from 'wouter'
import { ResetLinkPage } from './reset-link-page'
import { ResetWithTokenForm } from './reset-with-token-form'

/**
 * /reset-password. With a role (?token=&role=) it is the super admin's 2-hour link; without
 * one it is the reset-with-token screen the e-mailed 'Forgot password' link opens.
 */
export function ResetPasswordPage() {
  const params = new URLSearchParams(useSearch())
  const token = params.get('token') ?? ''
  const role = params.get('role')
  if (role !== null) return <ResetLinkPage token={token} role={role} />
  return <ResetWithTokenForm initialToken={token} />
}
