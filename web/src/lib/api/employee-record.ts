import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Employee = ApiSchema<'EmployeeRead'>
export type EmployeeReview = ApiSchema<'ReviewRead'>

/**
 * One employee's record: the cache entry the profile and the dashboard (a reader's own next
 * review) share, so an edit made on the profile shows on both.
 */
export const employeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.employee(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/employees/{id}', { params: { path: { id } }, signal })),
  })

/** One employee's reviews, those the reader reaches: the profile's history and the dashboard's own count. */
export const employeeReviewsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.employeeReviews(employeeId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews', { params: { query: { employeeId } }, signal })),
  })
