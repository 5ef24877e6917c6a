import { lazy, Suspense } from 'react'
import EmployeeProfilePage from '@/features/employee-profile/components/employee-profile-page'

// The profile shows parts owned by other features; they load with it, in their own chunks.
const EditEmployeeDialog = lazy(() =>
  import('@/features/employees/components/edit-employee-dialog').then((m) => ({ default: m.EditEmployeeDialog })),
)
const CertificationsSection = lazy(() =>
  import('@/features/certifications/components/employee-certifications-section').then((m) => ({
    default: m.EmployeeCertificationsSection,
  })),
)

const EmployeeHistory = lazy(() =>
  import('@/features/audit/components/employee-history').then((m) => ({ default: m.EmployeeHistory })),
)

/**
 * /employees/:id: the profile, with the employees feature's edit dialog, the certifications
 * section and the audit trail's History tab.
 */
export default function EmployeeProfileRoute({ id }: { id: string }) {
  return (
    <EmployeeProfilePage
      id={id}
      renderEditEmployee={(props) => (
        <Suspense fallback={null}>
          <EditEmployeeDialog {...props} />
        </Suspense>
      )}
      renderCertifications={(props) => (
        <Suspense fallback={null}>
          <CertificationsSection {...props} />
        </Suspense>
      )}
      renderHistory={(props) => (
        <Suspense fallback={null}>
          <EmployeeHistory {...props} />
        </Suspense>
      )}
    />
  )
}
