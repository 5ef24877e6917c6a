import { useQuery } from '@tanstack/react-query'
import { employeeReviewsQueryOptions } from '@/lib/api/employee-record'

export { employeeReviewsQueryOptions, type EmployeeReview as ProfileReview } from '@/lib/api/employee-record'

export function useEmployeeReviews(employeeId: number) {
  return useQuery(employeeReviewsQueryOptions(employeeId))
}
