import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { Logo } from '@/components/logo'
import { Spinner } from '@/components/ui/spinner'
import type { Session } from '@/features/auth/api/get-session'
import { viewerFrom, ViewerProvider } from '@/lib/access'
import { AppLayout } from './layout/app-layout'
import { AssistantProvider } from './layout/assistant-provider'
import { preloadable } from '@/lib/preloadable'
import { RequireRole } from './routes/require-role'

const DashboardPage = preloadable(() => import('./routes/dashboard'))
/** Fetches the dashboard's code: app.tsx waits for it at "/", so it shows without a fallback. */
export const preloadDashboard = () => DashboardPage.preload()
// Needed once per organisation and role: loaded then, not on every visit.
const ForcePasswordChangeDialog = lazy(() =>
  import('@/features/auth/components/force-password-change-dialog').then((m) => ({
    default: m.ForcePasswordChangeDialog,
  })),
)
const NotFoundPage = lazy(() => import('./routes/not-found'))
const EmployeeProfileRoute = lazy(() => import('./routes/employee-profile'))
const EmployeesPage = lazy(() => import('@/features/employees/components/employees-page'))
const DirectoryPage = lazy(() => import('@/features/directory/components/directory-page'))
const ReviewsPage = lazy(() => import('@/features/reviews/components/reviews-page'))
const SelfReviewPage = lazy(() => import('@/features/reviews/components/self-review-page'))
const CyclesPage = lazy(() => import('@/features/cycles/components/cycles-page'))
const CyclePage = lazy(() => import('@/features/cycles/components/cycle-page'))
const MyWorkPage = lazy(() => import('@/features/my-work/components/my-work-page'))
const FeedbackPage = lazy(() => import('@/features/feedback/components/feedback-page'))
const RemindersPage = lazy(() => import('@/features/reminders/components/reminders-page'))
const NotificationsPage = lazy(() => import('@/features/notifications/components/notifications-page'))
const TemplatesPage = lazy(() => import('@/features/templates/components/templates-page'))
const AnalyticsPage = lazy(() => import('@/features/analytics/components/analytics-page'))
const CertificationsPage = lazy(() => import('@/features/certifications/components/certifications-page'))
const CertificationTypesPage = lazy(() => import('@/features/certifications/components/certification-types-page'))
const AdminPage = lazy(() => import('./routes/admin'))
const BackupPage = lazy(() => import('@/features/backups/components/backup-page'))
const AuditLogPage = lazy(() => import('@/features/audit/components/audit-log-page'))
const PasswordRecoveryRoute = lazy(() => import('./routes/password-recovery'))
const UnsubscribeRoute = lazy(() => import('./routes/unsubscribe'))

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

/** The screens behind the rules listed for their paths in paths.ts. */
const GATED_SCREENS: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/reviews', ReviewsPage],
  ['/cycles', CyclesPage],
  ['/my-reviews', MyWorkPage],
  ['/reminders', RemindersPage],
  ['/notifications', NotificationsPage],
  ['/templates', TemplatesPage],
  ['/analytics', AnalyticsPage],
  ['/employees', EmployeesPage],
  ['/directory', DirectoryPage],
  ['/certifications', CertificationsPage],
  ['/certifications/types', CertificationTypesPage],
  ['/admin', AdminPage],
  ['/backup', BackupPage],
  ['/audit-log', AuditLogPage],
]

function Screens() {
  return (
    <Switch>
      <Route path="/" component={DashboardPage} />
      {GATED_SCREENS.map(([path, Screen]) => (
        <Route key={path} path={path}>
          <RequireRole path={path}>
            <Screen />
          </RequireRole>
        </Route>
      ))}
      <Route path="/employees/:id">
        {(params) => (
          <RequireRole path="/employees/:id">
            <EmployeeProfileRoute id={params.id} />
          </RequireRole>
        )}
      </Route>
      <Route path="/reviews/:id/self">
        {(params) => (
          <RequireRole path="/reviews/:id/self">
            <SelfReviewPage key={params.id} reviewId={Number(params.id)} />
          </RequireRole>
        )}
      </Route>
      {/* A review's own address (in notices and My Reviews) opens it over the Reviews list. */}
      <Route path="/reviews/:id">{(params) => <Redirect to={`/reviews?review=${encodeURIComponent(params.id)}`} replace />}</Route>
      <Route path="/cycles/:id">
        {(params) => (
          <RequireRole path="/cycles/:id">
            <CyclePage key={params.id} cycleId={Number(params.id)} />
          </RequireRole>
        )}
      </Route>
      <Route path="/feedback/:id">
        {(params) => (
          <RequireRole path="/feedback/:id">
            <FeedbackPage key={params.id} requestId={Number(params.id)} />
          </RequireRole>
        )}
      </Route>
      <Route path="/forgot-password" component={PasswordRecoveryRoute} />
      <Route path="/reset-password" component={PasswordRecoveryRoute} />
      <Route path="/unsubscribe" component={UnsubscribeRoute} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}

/** The signed-in app. While the server demands a new password, only that dialog shows. */
export default function AuthenticatedApp({ session }: { session: Session }) {
  const viewer = useMemo(() => viewerFrom(session), [session])
  if (session.forcePasswordChange) return <PasswordChangeOnly />
  return (
    <ViewerProvider viewer={viewer}>
      <AssistantProvider>
        <AppLayout>
          <Suspense fallback={<Spinner label="Loading page" className="flex-1" />}>
            <Screens />
          </Suspense>
        </AppLayout>
      </AssistantProvider>
    </ViewerProvider>
  )
}
