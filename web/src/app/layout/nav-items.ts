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
import { canOpen } from '../paths'

export interface NavItem {
  href: string
  label: string
  icon: LucideIcon
}

/** The sidebar's links, in order; each shows to the roles that may open its screen. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/employees', label: 'Employees', icon: Users },
  { href: '/reviews', label: 'Reviews', icon: ClipboardList },
  { href: '/reminders', label: 'Reminders', icon: Bell },
  { href: '/templates', label: 'Templates', icon: FileText },
  { href: '/certifications', label: 'Certifications', icon: Award },
  { href: '/analytics', label: 'Analytics', icon: ChartColumn },
  { href: '/admin', label: 'Admin', icon: Settings },
  { href: '/backup', label: 'Backup', icon: Database },
]

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => canOpen(role, item.href))
}

export function isActivePath(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
}
