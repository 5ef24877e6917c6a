import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const analyticsSchema = replySchema<ApiReply<'getAnalytics'>>()(
  z.object({
    totals: z.object({
      totalEmployees: z.number(),
      completedReviews: z.number(),
      pendingReviews: z.number(),
      reviewTemplates: z.number(),
    }),
    departments: z.array(z.object({ slug: z.string().nullish(), name: z.string(), employeeCount: z.number() })),
    reviewTypes: z.array(
      z.object({
        reviewType: z.string(),
        pending: z.number(),
        inProgress: z.number(),
        completed: z.number(),
        total: z.number(),
      }),
    ),
    ratingDistribution: z.array(z.object({ rating: z.number(), count: z.number() })),
    completionByQuarter: z.array(
      z.object({ quarter: z.string(), start: z.string(), due: z.number(), completed: z.number(), rate: z.number().nullable() }),
    ),
    recentReviews: z.array(
      z.object({
        id: z.number(),
        reviewType: z.string(),
        status: z.string(),
        rating: z.number().nullish(),
        dueDate: z.string(),
        completedAt: z.string().nullish(),
        employee: z.object({
          id: z.number(),
          firstName: z.string(),
          lastName: z.string(),
          department: z.string().nullish(),
        }),
      }),
    ),
  }),
)

export type Analytics = z.output<typeof analyticsSchema>

export const ANALYTICS_KEY = '/api/analytics'

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: [ANALYTICS_KEY],
    queryFn: ({ signal }) => apiJson(analyticsSchema, 'GET', ANALYTICS_KEY, undefined, { signal }),
  })

export function useAnalytics() {
  return useQuery(analyticsQueryOptions())
}
