import { Link } from 'wouter'

/** Placed after the password field, so Tab goes from the password on to it. */
export function ForgotPasswordLink({ subdomain }: { subdomain: string }) {
  return (
    <Link
      href={`/forgot-password?org=${encodeURIComponent(subdomain)}`}
      className="self-end text-sm font-medium text-primary hover:underline"
    >
      Forgot password?
    </Link>
  )
}
