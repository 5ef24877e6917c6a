import SuperAdminPage from '@/features/platform/routes/super-admin-page'
import { AssistantProvider } from '../layout/assistant-provider'

/** /super-admin stands apart from the organisation app: its own sign-in, no sidebar. */
export default function SuperAdminRoute() {
  return (
    <AssistantProvider>
      <SuperAdminPage />
    </AssistantProvider>
  )
}
