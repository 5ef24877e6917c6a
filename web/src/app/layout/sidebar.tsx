import { LogOut, MessageSquareText } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { useLogout } from '@/features/auth/api/logout'
import { LazyNotificationBell as NotificationBell } from './lazy-bell'
import { SidebarOrganization } from '@/features/organization/components/sidebar-organization'
import { can, useViewer } from '@/lib/access'
import { useAssistant } from '@/lib/assistant'
import { ROLE_LABELS } from '@/lib/roles'
import { cn } from '@/lib/utils'
import { isActivePath, navItemsFor } from './nav-items'

interface SidebarProps {
  /** Called after a link or button is used, so the mobile drawer can close. */
  onNavigate?: () => void
  /** The notification bell beside the logo (the phone's top bar has its own). */
  bell?: boolean
}

function MainNav({ onNavigate }: SidebarProps) {
  const [location] = useLocation()
  const viewer = useViewer()
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto">
      <ul className="flex flex-col gap-1">
        {navItemsFor(viewer).map(({ href, label, icon: Icon }) => {
          const active = isActivePath(href, location)
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

export function Sidebar({ onNavigate, bell = true }: SidebarProps) {
  const { role, access, name } = useViewer()
  const { openAssistant } = useAssistant()
  const logout = useLogout()
  const [loggingOut, setLoggingOut] = useState(false)

  return (
    <div className="flex h-full flex-col gap-6 bg-card px-4 py-5">
      <div className="flex items-center justify-between gap-2">
        <Link href="/" onClick={onNavigate} className="rounded-lg px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
        {bell && <NotificationBell />}
      </div>
      <SidebarOrganization />
      <MainNav onNavigate={onNavigate} />
      <div className="flex flex-col gap-3 border-t pt-4">
        {can(access, 'review_assistant.use') && (
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => {
              onNavigate?.()
              openAssistant('review')
            }}
          >
            <MessageSquareText aria-hidden="true" />
            Review Assistant
          </Button>
        )}
        <div className="flex items-center justify-between gap-2 px-1">
          <span className="min-w-0 text-xs text-muted-foreground">
            Signed in as
            {/* A personal account shows whose it is; a shared sign-in is only its role. */}
            {name && name !== ROLE_LABELS[role] && (
              <span className="block truncate text-sm font-medium text-foreground">{name}</span>
            )}
          </span>
          <span className="shrink-0 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
            {ROLE_LABELS[role]}
          </span>
        </div>
        <Button
          variant="ghost"
          className="justify-start text-muted-foreground hover:text-foreground"
          disabled={loggingOut}
          onClick={async () => {
            setLoggingOut(true)
            await logout()
          }}
        >
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </div>
    </div>
  )
}
