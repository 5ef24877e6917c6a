import { useQuery } from '@tanstack/react-query'
import { type EmployeeCertification, employeeCertificationsQueryOptions } from '@/lib/api/employee-certifications'

export { employeeCertificationsQueryOptions } from '@/lib/api/employee-certifications'

/** A certification as the profile lists it. */
export type ProfileCertification = EmployeeCertification

export function useEmployeeCertifications(employeeId: number) {
  return useQuery(employeeCertificationsQueryOptions(employeeId))
}
