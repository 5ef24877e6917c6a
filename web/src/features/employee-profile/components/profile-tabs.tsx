import * as Tabs from '@radix-ui/react-tabs'
import type { ReactNode } from 'react'
import { TAB_TRIGGER_CLASS } from '@/components/ui/list-controls'

/**
 * The profile's sections, and beside them a History tab for a reader of the audit trail.
 * Without a history the sections show as they always have, with no tabs.
 */
export function ProfileTabs({ history, children }: { history?: ReactNode; children: ReactNode }) {
  if (!history) return <>{children}</>
  return (
    <Tabs.Root defaultValue="overview" className="flex flex-col gap-4">
      <Tabs.List aria-label="Profile sections" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        <Tabs.Trigger value="overview" className={TAB_TRIGGER_CLASS}>
          Overview
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={TAB_TRIGGER_CLASS}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview" className="flex flex-col gap-6 focus-visible:outline-none">
        {children}
      </Tabs.Content>
      <Tabs.Content value="history" className="focus-visible:outline-none">
        {history}
      </Tabs.Content>
    </Tabs.Root>
  )
}
