import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { displayStatus, type CertificationStatus } from '../lib/certification-status'

/** Display statuses as coloured badges: red expired, orange expiring, amber warning. */
export const STATUS_CLASSES: Record<CertificationStatus, string> = {
  expired: 'border-transparent bg-red-100 text-red-800',
  expiring: 'border-transparent bg-orange-100 text-orange-800',
  warning: 'border-transparent bg-amber-100 text-amber-800',
  active: 'border-transparent bg-emerald-100 text-emerald-800',
  no_expiry: 'border-transparent bg-sky-100 text-sky-800',
}

export function StatusBadge({
  expirationDate,
  today,
  className,
}: {
  expirationDate: string | null | undefined
  today?: Date
  className?: string
}) {
  const shown = displayStatus(expirationDate, today)
  return (
    <Badge variant="outline" data-status={shown.status} className={cn(STATUS_CLASSES[shown.status], className)}>
      {shown.label}
    </Badge>
  )
}
