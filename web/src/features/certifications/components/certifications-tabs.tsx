import { Link, useLocation } from 'wouter'
import { cn } from '@/lib/utils'

const TABS = [
  { href: '/certifications', label: 'Compliance Overview' },
  { href: '/certifications/types', label: 'Certification Types' },
] as const

/** The two certification screens, as tabs that are links (each has its own address). */
export function CertificationsTabs() {
  const [location] = useLocation()
  return (
    <nav aria-label="Certifications" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
      {TABS.map((tab) => {
        const active = location === tab.href
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
              active && 'bg-card text-foreground shadow-sm',
            )}
          >
            {tab.label}
          </Link>
        )
      })}
    </nav>
  )
}
