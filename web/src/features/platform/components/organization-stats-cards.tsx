import { Building2, CalendarPlus, Factory, Globe } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import type { OrganizationStats } from '../lib/organization-stats'

function StatCard({ title, value, note, icon }: { title: string; value?: number; note: string; icon: ReactNode }) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        {value === undefined ? (
          <Skeleton className="h-8 w-12" />
        ) : (
          <p className="text-3xl font-semibold tracking-tight">{value}</p>
        )}
        <p className="text-xs text-muted-foreground">{note}</p>
      </div>
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">{icon}</span>
    </Card>
  )
}

/** The four stats cards: Total Organizations, Active Organizations, Industries, This Month. */
export function OrganizationStatsCards({ stats }: { stats?: OrganizationStats }) {
  return (
    <section aria-label="Platform statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Organizations"
        value={stats?.total}
        note="On this platform"
        icon={<Building2 aria-hidden="true" className="size-5" />}
      />
      <StatCard
        title="Active Organizations"
        value={stats?.active}
        note="With a subdomain"
        icon={<Globe aria-hidden="true" className="size-5" />}
      />
      <StatCard
        title="Industries"
        value={stats?.industries}
        note="Distinct industries"
        icon={<Factory aria-hidden="true" className="size-5" />}
      />
      <StatCard
        title="This Month"
        value={stats?.thisMonth}
        note="Created this month"
        icon={<CalendarPlus aria-hidden="true" className="size-5" />}
      />
    </section>
  )
}
