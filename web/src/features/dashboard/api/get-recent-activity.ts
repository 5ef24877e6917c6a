import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Activity = ApiSchema<'ActivityItem'>

export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activity,
    queryFn: ({ signal }) => unwrap(api.GET('/api/dashboard/activity', { signal })),
  })

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions())
}
