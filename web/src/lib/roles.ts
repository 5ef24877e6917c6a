export const ROLES = ['admin', 'hr', 'manager', 'user'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  hr: 'HR',
  manager: 'Manager',
  user: 'User',
}
