import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { Logo } from '@/components/logo'
import { Spinner } from '@/components/ui/spinner'
import type { Session } from '@/features/auth/api/get-session'
import { AppLayout } from './layout/app-layout'
import { AssistantProvider } from './layout/assistant-provider'
import { RequireRole } from './routes/require-role'

const DashboardPage = lazy(() => import('./routes/dashboard'))
// Needed once per organisation and role: loaded then, not on every visit.
const ForcePasswordChangeDialog = lazy(() =>
  import('@/features/auth/components/force-password-change-dialog').then((m) => ({
    default: m.ForcePasswordChangeDialog,
  })),
)
const NotFoundPage = lazy(() => import('./routes/not-found'))
const EmployeeProfileRoute = lazy(() => import('./routes/employee-profile'))
const EmployeesPage = lazy(() => import('@/features/employees/components/employees-page'))
const ReviewsPage = lazy(() => import('@/features/reviews/components/reviews-page'))
const RemindersPage = lazy(() => import('@/features/reminders/components/reminders-page'))
const TemplatesPage = lazy(() => import('@/features/templates/components/templates-page'))
const AnalyticsPage = lazy(() => import('@/features/analytics/components/analytics-page'))
const CertificationsPage = lazy(() => import('@/features/certifications/components/certifications-page'))
const CertificationTypesPage = lazy(() => import('@/features/certifications/components/certification-types-page'))
const AdminPage = lazy(() => import('@/features/admin/components/admin-page'))
const BackupPage = lazy(() => import('@/features/backups/components/backup-page'))
const PasswordRecoveryRoute = lazy(() => import('./routes/password-recovery'))

function PasswordChangeOnly() {
  return (
    <div className="flex min-h-dvh items-start justify-center bg-gradient-to-br from-primary-soft via-background to-background pt-10">
      <Logo />
      <Suspense fallback={null}>
        <ForcePasswordChangeDialog />
      </Suspense>
    </div>
  )
}

/** The signed-in app. While the server demands a new password, only that dialog shows. */
export default function AuthenticatedApp({ session }: { session: Session }) {
  if (session.forcePasswordChange) return <PasswordChangeOnly />
  const role = session.userRole
  return (
    <AssistantProvider>
      <AppLayout role={role}>
        <Suspense fallback={<Spinner label="Loading page" className="flex-1" />}>
          <Switch>
            <Route path="/">{() => <DashboardPage role={role} />}</Route>
            <Route path="/reviews">{() => <ReviewsPage role={role} />}</Route>
            <Route path="/reminders" component={RemindersPage} />
            <Route path="/templates">
              <RequireRole role={role} path="/templates">
                <TemplatesPage />
              </RequireRole>
            </Route>
            <Route path="/analytics">
              <RequireRole role={role} path="/analytics">
                <AnalyticsPage />
              </RequireRole>
            </Route>
            <Route path="/employees">{() => <EmployeesPage role={role} />}</Route>
            <Route path="/certifications">
              <RequireRole role={role} path="/certifications">
                <CertificationsPage />
              </RequireRole>
            </Route>
            <Route path="/certifications/types">
              <RequireRole role={role} path="/certifications/types">
                <CertificationTypesPage />
              </RequireRole>
            </Route>
            <Route path="/employees/:id">{(params) => <EmployeeProfileRoute id={params.id} role={role} />}</Route>
            <Route path="/admin">
              <RequireRole role={role} path="/admin">
                <AdminPage role={role} />
              </RequireRole>
            </Route>
            <Route path="/backup">
              <RequireRole role={role} path="/backup">
                <BackupPage />
              </RequireRole>
            </Route>
            <Route path="/forgot-password" component={PasswordRecoveryRoute} />
            <Route path="/reset-password" component={PasswordRecoveryRoute} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </AppLayout>
    </AssistantProvider>
  )
}
