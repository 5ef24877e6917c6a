import { Building2 } from 'lucide-react'
import { useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { useCurrentOrganization } from '../api/get-current-organization'

/**
 * The current organization's logo and name at the top of the sidebar (the name and
 * logo set on /admin show in the banner and the sidebar). Same query as the banner, so a change
 * on /admin shows in both at once. The logo is decorative here: the name stands beside it.
 */
export function SidebarOrganization() {
  const { data: organization, isPending } = useCurrentOrganization()
  const [broken, setBroken] = useState<string | null>(null)

  if (isPending) {
    return (
      <div className="flex items-center gap-2 px-2" aria-busy="true">
        <Skeleton className="size-8 rounded-lg" />
        <Skeleton className="h-4 w-28" />
      </div>
    )
  }
  if (!organization) return null

  const logoUrl = organization.logoUrl && broken !== organization.logoUrl ? organization.logoUrl : null
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-lg bg-muted/60 px-2 py-2" role="group" aria-label="Current organization">
      {logoUrl ? (
        <img
          src={logoUrl}
          alt=""
          onError={() => setBroken(logoUrl)}
          className="size-8 shrink-0 rounded-lg border bg-card object-contain"
        />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Building2 aria-hidden="true" className="size-4" />
        </span>
      )}
      <span className="truncate text-sm font-medium" title={organization.name}>
        {organization.name}
      </span>
    </div>
  )
}
