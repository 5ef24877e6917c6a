import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { formatDate } from '@/lib/format'
import type { Organization } from '../api/organization'
import { OrganizationLogo } from './organization-logo'
import { ResetPasswordsPanel } from './reset-passwords-panel'
import { organizationAddress } from '@/lib/site'
import { visitOrganization } from '../lib/visit'

function when(value?: string | null): string {
  if (!value) return 'Never'
  const date = new Date(value)
  return `${formatDate(value)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

/** Details: everything the platform knows about one organisation, and its reset links. */
export function OrganizationDetailsDialog({
  organization: org,
  onOpenChange,
}: {
  organization: Organization | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={org !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {org && (
          <>
            <DialogHeader>
              <div className="flex items-center gap-3">
                <OrganizationLogo url={org.logoUrl} name={org.name} />
                <div className="min-w-0">
                  <DialogTitle className="truncate">{org.name}</DialogTitle>
                  <DialogDescription>{organizationAddress(org.subdomain)}</DialogDescription>
                </div>
              </div>
            </DialogHeader>
            <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
              <Row label="Status">
                <Badge variant={org.isActive ? 'secondary' : 'destructive'}>{org.isActive ? 'Active' : 'Inactive'}</Badge>
              </Row>
              <Row label="Organization code">{org.subdomain}</Row>
              <Row label="Description">{org.description || '—'}</Row>
              <Row label="Industry">{org.industry || '—'}</Row>
              <Row label="Size">{org.size || '—'}</Row>
              <Row label="Admin email">{org.adminEmail || '—'}</Row>
              <Row label="Data schema">{org.schemaName}</Row>
              <Row label="Created">{when(org.createdAt)}</Row>
              <Row label="Updated">{when(org.updatedAt)}</Row>
              <Row label="Admin password">
                {org.adminForcePasswordChange ? 'First-time password still in use' : `Changed ${when(org.adminLastPasswordChange)}`}
              </Row>
              <Row label="Manager password">
                {org.managerForcePasswordChange
                  ? 'First-time password still in use'
                  : `Changed ${when(org.managerLastPasswordChange)}`}
              </Row>
            </dl>
            <ResetPasswordsPanel organization={org} />
            <div className="flex justify-end">
              <Button onClick={() => visitOrganization(org.subdomain)}>
                <ExternalLink aria-hidden="true" />
                Visit
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
