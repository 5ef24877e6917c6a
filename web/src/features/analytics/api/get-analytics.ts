import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Analytics = ApiReply<'getAnalytics'>

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analytics,
    queryFn: ({ signal }) => unwrap(api.GET('/api/analytics', { signal })),
  })

export function useAnalytics() {
  return useQuery(analyticsQueryOptions())
}
