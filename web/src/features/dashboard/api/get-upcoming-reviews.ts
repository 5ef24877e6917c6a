import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type UpcomingReview = ApiReply<'listUpcomingReviews'>[number]

export const upcomingReviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.upcomingReviews,
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews/upcoming', { signal })),
  })

export function useUpcomingReviews() {
  return useQuery(upcomingReviewsQueryOptions())
}
