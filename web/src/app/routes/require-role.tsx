import type { ReactNode } from 'react'
import type { Role } from '@/lib/roles'
import { canOpen } from '../paths'
import { AccessDenied } from './access-denied'

/** Client-side gate for role-limited screens, by the roles listed for the path; the server enforces the same rule. */
export function RequireRole({ role, path, children }: { role: Role; path: string; children: ReactNode }) {
  if (!canOpen(role, path)) return <AccessDenied />
  return <>{children}</>
}
