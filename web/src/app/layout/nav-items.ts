import {
  Award,
  Bell,
  BookUser,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  Database,
  FileText,
  LayoutDashboard,
  ListTodo,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { reachesEveryone, type Viewer } from '@/lib/access'
import { canOpen } from '../paths'

export interface NavItem {
  href: string
  label: string
  icon: LucideIcon
}

/** The sidebar's links, in order; each shows to the readers who may open its screen. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/my-reviews', label: 'My Reviews', icon: ListTodo },
  { href: '/employees', label: 'Employees', icon: Users },
  { href: '/directory', label: 'Directory', icon: BookUser },
  { href: '/reviews', label: 'Reviews', icon: ClipboardList },
  { href: '/cycles', label: 'Cycles', icon: CalendarRange },
  { href: '/reminders', label: 'Reminders', icon: Bell },
  { href: '/templates', label: 'Templates', icon: FileText },
  { href: '/certifications', label: 'Certifications', icon: Award },
  { href: '/analytics', label: 'Analytics', icon: ChartColumn },
  { href: '/admin', label: 'Admin', icon: Settings },
  { href: '/backup', label: 'Backup', icon: Database },
]

/**
 * Who reads every profile finds everyone under Employees, so the Directory shows to the others
 * only; and who reads only their own profile gets a link to it instead of a list of one.
 */
export function navItemsFor({ access, employeeId }: Pick<Viewer, 'access' | 'employeeId'>): NavItem[] {
  const everyone = reachesEveryone(access, 'employees.read')
  const ownOnly = !everyone && !access['employees.read']?.includes('line')
  return NAV_ITEMS.flatMap((item): NavItem[] => {
    if (!canOpen(access, item.href)) return []
    // What a review cycle asks of a person: a shared sign-in (linked to nobody) is never asked.
    if (item.href === '/my-reviews' && employeeId === null) return []
    if (item.href === '/directory' && everyone) return []
    if (item.href === '/employees' && ownOnly) {
      return employeeId === null ? [] : [{ href: `/employees/${employeeId}`, label: 'My Profile', icon: UserRound }]
    }
    return [item]
  })
}

export function isActivePath(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
}
