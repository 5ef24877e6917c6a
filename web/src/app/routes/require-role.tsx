import type { ReactNode } from 'react'
import { useAccess } from '@/lib/access'
import { canOpen } from '../paths'
import { AccessDenied } from './access-denied'

/** Client-side gate for limited screens, by the rules listed for the path; the server enforces the same rules. */
export function RequireRole({ path, children }: { path: string; children: ReactNode }) {
  const access = useAccess()
  if (!canOpen(access, path)) return <AccessDenied />
  return <>{children}</>
}
