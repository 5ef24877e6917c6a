import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const DASHBOARD_STATS_KEY = '/api/dashboard/stats'

export const dashboardStatsSchema = replySchema<ApiReply<'getDashboardStats'>>()(
  z.object({
    totalEmployees: z.number(),
    reviewsDue: z.number(),
    completedReviews: z.number(),
    averageRating: z.coerce.number().nullish(),
    reviewsOverdue: z.number().default(0),
    employeesStartedRecently: z.number().nullish(),
    quarterAverageRating: z.number().nullish(),
    previousQuarterAverageRating: z.number().nullish(),
  }),
)

export type DashboardStats = z.output<typeof dashboardStatsSchema>

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [DASHBOARD_STATS_KEY],
    queryFn: ({ signal }) => apiJson(dashboardStatsSchema, 'GET', DASHBOARD_STATS_KEY, undefined, { signal }),
  })

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions())
}
