import AdminPage from '@/features/admin/components/admin-page'
import { SsoSettingsCard } from '@/features/sso/components/sso-settings-card'

/** /admin, with the single sign-on card among the organization's settings. */
export default function AdminRoute() {
  return <AdminPage ssoSettings={<SsoSettingsCard />} />
}
