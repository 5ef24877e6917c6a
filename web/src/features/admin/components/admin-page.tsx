import { Bot } from 'lucide-react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAssistant } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { useOrganization } from '../api/organization'
import { ChangePasswordDialog } from './change-password-dialog'
import { DepartmentManagementCard } from './department-management-card'
import { OrganizationSettingsCard } from './organization-settings-card'
import { SystemBackupCard } from './system-backup-card'
import { UserManagementCard } from './user-management-card'

/**
 * /admin, for admin and hr. hr sees what it may change (departments, its own
 * password); organization settings, backups and users are the admin's alone.
 */
export default function AdminPage({ role }: { role: Role }) {
  const isAdmin = role === 'admin'
  const { openAssistant } = useAssistant()
  const { data: organization } = useOrganization()

  return (
    <>
      <PageHeader title="Administration" subtitle="Organization settings, departments, users and backups" />
      {/* One column that never grows past the screen: a long row wraps inside its card. */}
      <div className="grid grid-cols-1 gap-6 p-4 sm:p-6 lg:grid-cols-2 lg:p-8">
        {isAdmin && <OrganizationSettingsCard />}
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
          {isAdmin && <SystemBackupCard />}
        </div>
        <div className="lg:col-span-2">
          <DepartmentManagementCard organizationId={organization?.id} />
        </div>
        {isAdmin && (
          <div className="lg:col-span-2">
            <UserManagementCard />
          </div>
        )}
      </div>
    </>
  )
}
