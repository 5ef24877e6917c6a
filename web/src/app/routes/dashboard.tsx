import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { QuickActions } from '@/features/dashboard/components/quick-actions'
import { RecentActivity } from '@/features/dashboard/components/recent-activity'
import { StatCards } from '@/features/dashboard/components/stat-cards'
import { UpcomingReviews } from '@/features/dashboard/components/upcoming-reviews'
import { can, useViewer, widestReach, type Access } from '@/lib/access'
import { queryKeys } from '@/lib/query-keys'

// Dialogs load when first opened, so the dashboard's first load stays small.
// Only accounts linked to an employee have one: the others do not load it.
const MyWorkCard = lazy(() => import('@/features/my-work/components/my-work-card').then((m) => ({ default: m.MyWorkCard })))
function LazyMyWorkCard() {
  return (
    <Suspense fallback={null}>
      <MyWorkCard />
    </Suspense>
  )
}
const ReviewWizard = lazy(() =>
  import('@/features/reviews/components/review-wizard').then((m) => ({ default: m.ReviewWizard })),
)
const AddEmployeeDialog = lazy(() =>
  import('@/features/employees/components/add-employee-dialog').then((m) => ({ default: m.AddEmployeeDialog })),
)
const BulkUploadDialog = lazy(() =>
  import('@/features/employees/components/bulk-upload-dialog').then((m) => ({ default: m.BulkUploadDialog })),
)
const TemplateFormDialog = lazy(() =>
  import('@/features/templates/components/template-form-dialog').then((m) => ({ default: m.TemplateFormDialog })),
)

const GREETING = {
  all: "Welcome back! Here's what's happening across the organization.",
  line: "Welcome back! Here's what's happening with your team.",
  own: "Welcome back! Here's where your reviews stand.",
  none: 'Welcome back! Everyone in the organization is in the Directory.',
} as const

/** Said by whose records the reader reaches: the organization's, their team's, or their own. */
export function dashboardGreeting(access: Access): string {
  return GREETING[widestReach(access, 'employees.read')]
}

/** A reviewer named on a few reviews fills those (My Reviews lists them), not every one listed. */
function fillsListed(access: Access): boolean {
  return (access['reviews.fill'] ?? []).some((rule) => rule !== 'assigned')
}

type Dialog = 'employee' | 'bulk' | 'template'

interface DialogsProps {
  reviewId: number | null
  onReviewClose: () => void
  dialog: Dialog | null
  onDialogChange: (open: boolean) => void
}

/** The review wizard and the shortcuts' dialogs, each loaded when first opened. */
function Dialogs({ reviewId, onReviewClose, dialog, onDialogChange }: DialogsProps) {
  return (
    <Suspense fallback={null}>
      {reviewId !== null && <ReviewWizard reviewId={reviewId} onOpenChange={(open) => !open && onReviewClose()} />}
      {dialog === 'employee' && <AddEmployeeDialog open onOpenChange={onDialogChange} />}
      {dialog === 'bulk' && <BulkUploadDialog open onOpenChange={onDialogChange} />}
      {dialog === 'template' && <TemplateFormDialog open onOpenChange={onDialogChange} />}
    </Suspense>
  )
}

/** The dashboard composes features: its own panels, the review wizard (Start Review), the
 * template dialog (Create Template) and the employee dialogs (Add Employee, Bulk Upload). */
export default function DashboardPage() {
  const { access, employeeId } = useViewer()
  // Enter opens the Employees screen searching for the text (its search is kept in ?q=).
  const [search, setSearch] = useState('')
  const [, navigate] = useLocation()
  const searchEmployees = (text: string) => navigate(`/employees?${new URLSearchParams({ q: text })}`)
  const [reviewId, setReviewId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // The shortcuts show to whoever may use them all: adding people and writing templates.
  const shortcuts = can(access, 'employees.write') && can(access, 'templates.write')
  // The search opens the Employees list: offered to those who have one (not a single own record).
  const reach = widestReach(access, 'employees.read')
  const searchable = reach === 'all' || reach === 'line'
  // Upcoming Reviews lists open reviews, which show only on others' records (a person's own
  // review shows once completed): a reader of their own reviews alone would see it always empty.
  const reviewReach = widestReach(access, 'reviews.read')
  const upcoming = reviewReach === 'all' || reviewReach === 'line'
  const addEmployee = () => setDialog('employee')
  const queryClient = useQueryClient()
  const onDialogChange = (open: boolean) => {
    if (open) return
    setDialog(null)
    // New employees and templates show up in the activity feed and the cards.
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity })
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats })
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={dashboardGreeting(access)}
        search={
          searchable
            ? { placeholder: 'Search employees...', value: search, onChange: setSearch, onSubmit: searchEmployees }
            : undefined
        }
        addButton={shortcuts ? { label: 'Add Employee', onClick: addEmployee } : undefined}
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <StatCards />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          {upcoming && (
            <div className="lg:col-span-2">
              <UpcomingReviews onStartReview={setReviewId} canFill={fillsListed(access)} />
            </div>
          )}
          <div className={upcoming ? 'flex flex-col gap-6' : 'flex flex-col gap-6 lg:col-span-2'}>
            {shortcuts && (
              <QuickActions
                onAddEmployee={addEmployee}
                onCreateTemplate={() => setDialog('template')}
                onBulkUpload={() => setDialog('bulk')}
              />
            )}
            {/* A person's own review work; a shared sign-in is never asked for any. */}
            {employeeId !== null && can(access, 'my_work.read') && <LazyMyWorkCard />}
            <RecentActivity />
          </div>
        </div>
      </div>
      <Dialogs reviewId={reviewId} onReviewClose={() => setReviewId(null)} dialog={dialog} onDialogChange={onDialogChange} />
    </>
  )
}
