import { useQueryClient } from '@tanstack/react-query'
import { Building2, LogOut, Plus, ShieldCheck } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { useOrganizations, type Organization } from '../api/organization'
import { usePlatformLogout } from '../api/platform-login'
import { PLATFORM_SESSION_KEY, type PlatformSession } from '../api/platform-session'
import { organizationStats } from '../lib/organization-stats'
import { DeleteOrganizationDialog } from './delete-organization-dialog'
import { OrganizationCard, type OrganizationAction } from './organization-card'
import { OrganizationDetailsDialog } from './organization-details-dialog'
import { OrganizationFormDialog } from './organization-form-dialog'
import { OrganizationStatsCards } from './organization-stats-cards'

type Open = { dialog: 'create' } | { dialog: OrganizationAction; organization: Organization } | null

function SignedInBar({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
        Signed in to the platform as <span className="font-medium">{email}</span>
      </p>
      <Button variant="ghost" size="sm" onClick={onSignOut}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </div>
  )
}

function OrganizationList({
  organizations,
  onCreate,
  onAction,
}: {
  organizations: ReturnType<typeof useOrganizations>
  onCreate: () => void
  onAction: (dialog: OrganizationAction, organization: Organization) => void
}) {
  if (organizations.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} data-testid="organization-skeleton" className="h-56 rounded-xl" />
        ))}
      </div>
    )
  }
  if (organizations.isError) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <p className="text-sm text-destructive">{errorMessage(organizations.error, 'Failed to load organizations.')}</p>
        <Button variant="outline" onClick={() => void organizations.refetch()}>
          Try again
        </Button>
      </Card>
    )
  }
  if (organizations.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg font-medium">No organizations yet</p>
        <p className="text-sm text-muted-foreground">Create the first organization to get started.</p>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          New Organization
        </Button>
      </Card>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {organizations.data.map((organization) => (
        <li key={organization.id} className="flex min-w-0">
          <OrganizationCard organization={organization} onAction={onAction} />
        </li>
      ))}
    </ul>
  )
}

/** The signed-in panel: stats, organisation cards and their dialogs. */
export function OrganizationsPanel({ session }: { session: PlatformSession }) {
  const organizations = useOrganizations()
  const queryClient = useQueryClient()
  const logout = usePlatformLogout()
  const [open, setOpen] = useState<Open>(null)
  const stats = useMemo(() => (organizations.data ? organizationStats(organizations.data) : undefined), [organizations.data])

  // A session that ended (401) or lost its admin rights (403) sends the panel back to its gate.
  const status = errorStatus(organizations.error)
  useEffect(() => {
    if (status === 401 || status === 403) void queryClient.invalidateQueries({ queryKey: [PLATFORM_SESSION_KEY] })
  }, [status, queryClient])

  const selected = (dialog: OrganizationAction) => (open && open.dialog === dialog ? open.organization : null)
  const onAction = (dialog: OrganizationAction, organization: Organization) => setOpen({ dialog, organization })
  const close = () => setOpen(null)

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PageHeader
        title="Super Admin"
        subtitle="Manage every organization on this Merit platform"
        addButton={{ label: 'New Organization', onClick: () => setOpen({ dialog: 'create' }) }}
      />
      <main className="flex flex-1 flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <SignedInBar email={session.email} onSignOut={() => void logout()} />

        <OrganizationStatsCards stats={stats} />

        <section aria-labelledby="organizations-heading" className="flex flex-col gap-4">
          <h2 id="organizations-heading" className="text-lg font-semibold">
            Organizations
          </h2>
          <OrganizationList
            organizations={organizations}
            onCreate={() => setOpen({ dialog: 'create' })}
            onAction={onAction}
          />
        </section>
      </main>

      <OrganizationFormDialog
        open={open?.dialog === 'create' || open?.dialog === 'edit'}
        organization={selected('edit')}
        onOpenChange={(next) => !next && close()}
      />
      <OrganizationDetailsDialog organization={selected('details')} onOpenChange={(next) => !next && close()} />
      <DeleteOrganizationDialog organization={selected('delete')} onOpenChange={(next) => !next && close()} />
    </div>
  )
}
