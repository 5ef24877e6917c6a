import type { ReactNode } from 'react'
import type { Role } from '@/lib/roles'
import { AccessDenied } from './access-denied'

/** Client-side gate for role-limited screens; the server enforces the same rule. */
export function RequireRole({ role, allowed, children }: { role: Role; allowed?: readonly Role[]; children: ReactNode }) {
  if (allowed && !allowed.includes(role)) return <AccessDenied />
  return <>{children}</>
}
