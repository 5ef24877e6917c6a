import {
  Award,
  Bell,
  ChartColumn,
  ClipboardList,
  Database,
  FileText,
  LayoutDashboard,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { Role } from '@/lib/roles'

export interface NavItem {
  href: string
  label: string
  icon: LucideIcon
  roles?: readonly Role[]
}

/** SPEC §2 sidebar, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/employees', label: 'Employees', icon: Users },
  { href: '/reviews', label: 'Reviews', icon: ClipboardList },
  { href: '/reminders', label: 'Reminders', icon: Bell },
  { href: '/templates', label: 'Templates', icon: FileText, roles: ['admin'] },
  { href: '/certifications', label: 'Certifications', icon: Award, roles: ['admin'] },
  { href: '/analytics', label: 'Analytics', icon: ChartColumn, roles: ['admin'] },
  { href: '/admin', label: 'Admin', icon: Settings, roles: ['admin', 'hr'] },
  { href: '/backup', label: 'Backup', icon: Database, roles: ['admin'] },
]

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role))
}

export function isActivePath(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
}
