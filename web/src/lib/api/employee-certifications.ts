import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** A certification held by an employee, with its type and (in organisation-wide lists) the employee. */
export type EmployeeCertification = ApiSchema<'EmployeeCertificationRead'>

/**
 * One employee's certifications: the cache entry the certifications screens and the employee
 * profile share, so a change made on either shows on both.
 */
export const employeeCertificationsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.employeeCertifications(employeeId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/employee-certifications', { params: { query: { employeeId } }, signal })),
  })
