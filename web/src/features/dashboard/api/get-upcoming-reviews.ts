import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const UPCOMING_REVIEWS_KEY = '/api/reviews/upcoming'

export const upcomingReviewSchema = replySchema<ApiReply<'listUpcomingReviews'>[number]>()(
  z.object({
    id: z.number(),
    dueDate: z.string(),
    reviewType: z.string(),
    status: z.enum(['pending', 'in_progress', 'completed']).optional(),
    employee: z
      .object({
        firstName: z.string().nullish(),
        lastName: z.string().nullish(),
        department: z.string().nullish(),
      })
      .nullish(),
  }),
)

export type UpcomingReview = z.output<typeof upcomingReviewSchema>

export const upcomingReviewsQueryOptions = () =>
  queryOptions({
    queryKey: [UPCOMING_REVIEWS_KEY],
    queryFn: ({ signal }) =>
      apiJson(z.array(upcomingReviewSchema), 'GET', UPCOMING_REVIEWS_KEY, undefined, { signal }),
  })

export function useUpcomingReviews() {
  return useQuery(upcomingReviewsQueryOptions())
}
