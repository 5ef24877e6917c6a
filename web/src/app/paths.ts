import type { Role } from '@/lib/roles'

export interface AppRoute {
  path: string
  title: string
  /** Roles allowed to open the screen; everyone signed in when absent. */
  roles?: readonly Role[]
  /** Reachable without signing in (these screens have their own way in). */
  public?: boolean
}

/** Every screen besides the dashboard at "/" (SPEC §2). */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/employees', title: 'Employees' },
  { path: '/employees/:id', title: 'Employee Profile' },
  { path: '/reviews', title: 'Performance Reviews' },
  { path: '/reminders', title: 'Reminders' },
  { path: '/templates', title: 'Review Templates', roles: ['admin'] },
  { path: '/certifications', title: 'Certifications', roles: ['admin'] },
  { path: '/certifications/types', title: 'Certification Types', roles: ['admin'] },
  { path: '/analytics', title: 'Analytics', roles: ['admin'] },
  { path: '/admin', title: 'Admin', roles: ['admin', 'hr'] },
  { path: '/backup', title: 'Backup', roles: ['admin'] },
  { path: '/super-admin', title: 'Super Admin', public: true },
  { path: '/forgot-password', title: 'Forgot Password', public: true },
  { path: '/reset-password', title: 'Reset Password', public: true },
]

const RESERVED_SEGMENTS = new Set(APP_ROUTES.map((route) => route.path.split('/')[1]))

function patternToRegExp(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`)
}

/** The route a path belongs to, if any ("/" is the dashboard and is not listed). */
export function findAppRoute(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => patternToRegExp(route.path).test(path))
}

export function isAppPath(path: string): boolean {
  return path === '/' || findAppRoute(path) !== undefined
}

/** "/acme" → "acme": a single word segment that is not a screen prefills the organization code. */
export function orgCodeFromPath(path: string): string | undefined {
  const match = /^\/([A-Za-z0-9-]+)\/?$/.exec(path)
  const segment = match?.[1]
  if (!segment || RESERVED_SEGMENTS.has(segment)) return undefined
  return segment.toLowerCase()
}
