import type { Role } from '@/lib/roles'

export interface AppRoute {
  path: string
  /** Roles allowed to open the screen; everyone signed in when absent. */
  roles?: readonly Role[]
}

/**
 * Every screen besides the dashboard at "/", and the one place that says which roles may open
 * each: the router's gate and the sidebar both read it. The server enforces the same rule.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/employees' },
  { path: '/employees/:id' },
  { path: '/reviews' },
  { path: '/reminders' },
  { path: '/templates', roles: ['admin'] },
  { path: '/certifications', roles: ['admin'] },
  { path: '/certifications/types', roles: ['admin'] },
  { path: '/analytics', roles: ['admin'] },
  { path: '/admin', roles: ['admin', 'hr'] },
  { path: '/backup', roles: ['admin'] },
  // Reachable without signing in: these screens have their own way in.
  { path: '/super-admin' },
  { path: '/forgot-password' },
  { path: '/reset-password' },
]

const RESERVED_SEGMENTS = new Set(APP_ROUTES.map((route) => route.path.split('/')[1]))

function patternToRegExp(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`)
}

/** The route a path belongs to, if any ("/" is the dashboard and is not listed). */
export function findAppRoute(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => patternToRegExp(route.path).test(path))
}

/** Whether a role may open the screen at this path ("/" and unknown paths are open to all). */
export function canOpen(role: Role, path: string): boolean {
  const roles = findAppRoute(path)?.roles
  return !roles || roles.includes(role)
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
