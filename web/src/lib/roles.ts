export const ROLES = ['admin', 'hr', 'manager', 'user'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  hr: 'HR',
  manager: 'Manager',
  user: 'User',
}

/**
 * Admin and hr manage people's records (add, edit, archive employees, start reviews, notes and
 * documents); everyone signed in reads them. The server enforces the same rule.
 */
export const canManagePeople = (role: Role) => role === 'admin' || role === 'hr'
