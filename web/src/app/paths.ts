import { canAny, type Access, type Permission } from '@/lib/access'

export interface AppRoute {
  path: string
  /** The screen opens to whoever has any of these; to everyone signed in when absent. */
  anyOf?: readonly Permission[]
}

/**
 * Every screen besides the dashboard at "/", and the one place that says who may open each, by
 * the rules of the session reply: the router's gate and the sidebar both read it. The server
 * enforces the same rules.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/employees', anyOf: ['employees.read'] },
  { path: '/employees/:id', anyOf: ['employees.read'] },
  { path: '/directory', anyOf: ['directory.read'] },
  { path: '/reviews', anyOf: ['reviews.read'] },
  { path: '/reviews/:id', anyOf: ['reviews.read'] },
  { path: '/reviews/:id/self', anyOf: ['reviews.respond'] },
  { path: '/cycles', anyOf: ['cycles.manage'] },
  { path: '/cycles/:id', anyOf: ['cycles.manage'] },
  { path: '/my-reviews', anyOf: ['my_work.read'] },
  { path: '/feedback/:id', anyOf: ['feedback.answer'] },
  { path: '/reminders', anyOf: ['reminders.read'] },
  { path: '/notifications', anyOf: ['notifications.use'] },
  { path: '/templates', anyOf: ['templates.write'] },
  { path: '/certifications', anyOf: ['certification_types.write'] },
  { path: '/certifications/types', anyOf: ['certification_types.write'] },
  { path: '/analytics', anyOf: ['analytics.read'] },
  { path: '/admin', anyOf: ['organization.write', 'users.manage', 'audit.read'] },
  { path: '/backup', anyOf: ['backups.manage'] },
  { path: '/audit-log', anyOf: ['audit.read'] },
  // Reachable without signing in: these screens have their own way in.
  { path: '/super-admin' },
  { path: '/forgot-password' },
  { path: '/reset-password' },
  { path: '/unsubscribe' },
]

const RESERVED_SEGMENTS = new Set(APP_ROUTES.map((route) => route.path.split('/')[1]))

function patternToRegExp(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`)
}

/** The route a path belongs to, if any ("/" is the dashboard and is not listed). */
export function findAppRoute(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => patternToRegExp(route.path).test(path))
}

/** Whether the reader may open the screen at this path ("/" and unknown paths are open to all). */
export function canOpen(access: Access, path: string): boolean {
  const anyOf = findAppRoute(path)?.anyOf
  return !anyOf || canAny(access, anyOf)
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
