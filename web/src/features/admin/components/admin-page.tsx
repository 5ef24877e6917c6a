import { Bot } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { can, useAccess } from '@/lib/access'
import { useAssistant } from '@/lib/assistant'
import { useOrganization } from '../api/organization'
import { AccessSettingsCard } from './access-settings-card'
import { AuditLogCard } from './audit-log-card'
import { ChangePasswordDialog } from './change-password-dialog'
import { DepartmentManagementCard } from './department-management-card'
import { OrganizationSettingsCard } from './organization-settings-card'
import { SystemBackupCard } from './system-backup-card'
import { UserManagementCard } from './user-management-card'

/**
 * /admin: each reader sees the cards of what they may change (hr: departments and its own
 * password; the organisation's settings, backups and users need their own rules). The app
 * gives the single sign-on card (a feature of its own) as `ssoSettings`.
 */
export default function AdminPage({ ssoSettings }: { ssoSettings?: ReactNode }) {
  const access = useAccess()
  const { openAssistant } = useAssistant()
  const { data: organization } = useOrganization()

  return (
    <>
      <PageHeader title="Administration" subtitle="Organization settings, departments, users and backups" />
      {/* One column that never grows past the screen: a long row wraps inside its card. */}
      <div className="grid grid-cols-1 gap-6 p-4 sm:p-6 lg:grid-cols-2 lg:p-8">
        {can(access, 'organization.write') && (
          <div className="flex flex-col gap-6">
            <OrganizationSettingsCard />
            <AccessSettingsCard />
            {ssoSettings}
          </div>
        )}
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Account & Help</CardTitle>
              <CardDescription>Change your password, or ask the AI Assistant how to use Merit.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <ChangePasswordDialog />
              <Button variant="outline" onClick={() => openAssistant('ai')}>
                <Bot aria-hidden="true" />
                AI Assistant
              </Button>
            </CardContent>
          </Card>
          {can(access, 'backups.manage') && <SystemBackupCard />}
          {can(access, 'audit.read') && <AuditLogCard />}
        </div>
        {can(access, 'departments.write') && (
          <div className="lg:col-span-2">
            <DepartmentManagementCard organizationId={organization?.id} />
          </div>
        )}
        {can(access, 'users.manage') && (
          <div className="lg:col-span-2">
            <UserManagementCard />
          </div>
        )}
      </div>
    </>
  )
}
