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
        className="size-12 shrink-0 rounded-xl border bg-card object-contain"
      />
    )
  }
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
      <Building2 aria-label="Organization" className="size-6" />
    </span>
  )
}

/** The current organization (SPEC §1): a skeleton while loading, nothing when there is no data. */
export function OrganizationBanner() {
  const { data: organization, isPending } = useCurrentOrganization()

  if (isPending) {
    return (
      <div className="flex items-center gap-4 border-b bg-card px-4 py-4 sm:px-6 lg:px-8" aria-busy="true">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
      </div>
    )
  }
  if (!organization) return null

  return (
    <section
      aria-label="Organization"
      className="flex flex-wrap items-center gap-4 border-b bg-card px-4 py-4 sm:px-6 lg:px-8"
    >
      <OrganizationLogo organization={organization} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold leading-tight">{organization.name}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {organization.industry && <span>{organization.industry}</span>}
          {organization.size && (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              {organization.size} organization
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <Globe aria-hidden="true" className="size-3.5" />
            {organizationAddress(organization.subdomain)}
          </span>
        </p>
      </div>
      {organization.isActive && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-3 py-1 text-xs font-medium text-success">
          <span aria-hidden="true" className="size-2 rounded-full bg-success" />
          Active
        </span>
      )}
    </section>
  )
}
