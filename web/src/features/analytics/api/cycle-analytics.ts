import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'

export type CycleOption = ApiReply<'listAnalyticsCycles'>[number]
export type CycleAnalytics = ApiReply<'getCycleAnalytics'>
export type CycleComparison = ApiReply<'compareCycles'>
export type ReviewerRatings = CycleAnalytics['ratingsByReviewer'][number]

// Each key starts with the path it reads, as in lib/query-keys.ts: invalidating
// ['/api/analytics/cycles'] refreshes the list and every cycle's figures.
const LIST = '/api/analytics/cycles'

export function useAnalyticsCycles() {
  return useQuery({
    queryKey: [LIST],
    queryFn: ({ signal }) => unwrap(api.GET('/api/analytics/cycles', { signal })),
  })
}

export function useCycleAnalytics(cycleId: number | null) {
  return useQuery({
    queryKey: [LIST, cycleId],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/analytics/cycles/{cycle_id}', { params: { path: { cycle_id: cycleId ?? 0 } }, signal }),
      ),
    enabled: cycleId !== null,
  })
}

export function useCycleComparison(from: number | null, to: number | null) {
  return useQuery({
    queryKey: [LIST, 'compare', from, to],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/analytics/cycles/compare', {
          params: { query: { from: from ?? 0, to: to ?? 0 } },
          signal,
        }),
      ),
    enabled: from !== null && to !== null && from !== to,
  })
}
