import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type DashboardStats = ApiReply<'getDashboardStats'>

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => unwrap(api.GET('/api/dashboard/stats', { signal })),
  })

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions())
}
