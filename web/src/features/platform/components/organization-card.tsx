import { ExternalLink, Info, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import type { Organization } from '../api/organization'
import { OrganizationLogo } from './organization-logo'
import { organizationAddress } from '@/lib/site'
import { visitOrganization } from '../lib/visit'

export type OrganizationAction = 'edit' | 'delete' | 'details'

interface OrganizationCardProps {
  organization: Organization
  onAction: (action: OrganizationAction, organization: Organization) => void
}

/** One organisation: edit, delete, Visit (new tab) and Details. */
export function OrganizationCard({ organization: org, onAction }: OrganizationCardProps) {
  return (
    <Card className="flex w-full min-w-0 flex-col gap-4 p-5" aria-labelledby={`org-${org.id}-name`}>
      <div className="flex items-start gap-3">
        <OrganizationLogo url={org.logoUrl} name={org.name} />
        <div className="min-w-0 flex-1">
          <h3 id={`org-${org.id}-name`} className="truncate font-semibold">
            {org.name}
          </h3>
          <p className="truncate text-sm text-muted-foreground">{organizationAddress(org.subdomain)}</p>
        </div>
        <Badge variant={org.isActive ? 'secondary' : 'destructive'}>{org.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>

      {org.description && <p className="line-clamp-2 text-sm text-muted-foreground">{org.description}</p>}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Industry</dt>
        <dd className="truncate text-right">{org.industry || '—'}</dd>
        <dt className="text-muted-foreground">Size</dt>
        <dd className="truncate text-right">{org.size || '—'}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd className="text-right">{formatDate(org.createdAt)}</dd>
      </dl>

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-4">
        <Button size="sm" onClick={() => visitOrganization(org.subdomain)} aria-label={`Visit ${org.name}`}>
          <ExternalLink aria-hidden="true" />
          Visit
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAction('details', org)} aria-label={`Details of ${org.name}`}>
          <Info aria-hidden="true" />
          Details
        </Button>
        <span className="flex-1" />
        <Button size="icon" variant="ghost" className="size-8" onClick={() => onAction('edit', org)} aria-label={`Edit ${org.name}`}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8 text-destructive hover:bg-destructive/10"
          onClick={() => onAction('delete', org)}
          aria-label={`Delete ${org.name}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </Card>
  )
}
