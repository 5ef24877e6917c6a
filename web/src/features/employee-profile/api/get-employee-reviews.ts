import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type ProfileReview = ApiSchema<'ReviewRead'>

export const employeeReviewsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.employeeReviews(employeeId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews', { params: { query: { employeeId } }, signal })),
  })

export function useEmployeeReviews(employeeId: number) {
  return useQuery(employeeReviewsQueryOptions(employeeId))
}
