import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/my/work: what the signed-in person has to do in the review cycles, by stage. */
export type MyWork = ApiReply<'getMyWork'>
export type MyWorkItem = MyWork['selfReviews'][number]

export function getMyWork(signal?: AbortSignal): Promise<MyWork> {
  return unwrap(api.GET('/api/my/work', { signal }))
}

export function useMyWork() {
  return useQuery({ queryKey: queryKeys.myWork, queryFn: ({ signal }) => getMyWork(signal) })
}
