import { Building2, Globe, Users } from 'lucide-react'
import { useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { organizationAddress } from '@/lib/site'
import { useCurrentOrganization, type CurrentOrganization } from '../api/get-current-organization'

function OrganizationLogo({ organization }: { organization: CurrentOrganization }) {
  const [broken, setBroken] = useState(false)
  if (organization.logoUrl && !broken) {
    return (
      <img
        src={organization.logoUrl}
        alt={`${organization.name} logo`}
        onError={() => setBroken(true)}
        className="size-10 shrink-0 rounded-xl border bg-card object-contain sm:size-12"
      />
    )
  }
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:size-12">
      <Building2 aria-label="Organization" className="size-5 sm:size-6" />
    </span>
  )
}

/** The current organization: a skeleton while loading, nothing when there is no data. */
export function OrganizationBanner() {
  const { data: organization, isPending } = useCurrentOrganization()

  if (isPending) {
    return (
      <div className="flex min-h-18 items-center gap-3 border-b bg-card px-4 py-2 sm:min-h-0 sm:gap-4 sm:px-6 sm:py-4 lg:px-8" aria-busy="true">
        <Skeleton className="size-10 rounded-xl sm:size-12" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
      </div>
    )
  }
  if (!organization) return null

  // On phones everything stays, in smaller type and with less room around it; both this and the
  // skeleton are as tall as two lines of details, so nothing below moves when it arrives.
  return (
    <section
      aria-label="Organization"
      className="flex min-h-18 items-center gap-3 border-b bg-card px-4 py-2 sm:min-h-0 sm:gap-4 sm:px-6 sm:py-4 lg:px-8"
    >
      <OrganizationLogo organization={organization} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold leading-tight sm:text-lg">{organization.name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground sm:mt-1 sm:gap-x-4 sm:gap-y-1 sm:text-sm">
          {organization.industry && <span>{organization.industry}</span>}
          {organization.size && (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              {organization.size} organization
            </span>
          )}
          <span className="inline-flex min-w-0 max-w-full items-center gap-1">
            <Globe aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{organizationAddress(organization.subdomain)}</span>
          </span>
        </p>
      </div>
      {organization.isActive && (
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-success/10 px-2.5 py-1 text-xs font-medium text-success sm:px-3">
          <span aria-hidden="true" className="size-2 rounded-full bg-success" />
          Active
        </span>
      )}
    </section>
  )
}
