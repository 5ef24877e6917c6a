import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type RequiredTypeCompliance = ApiSchema<'RequiredTypeCompliance'>

export const complianceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.compliance,
    queryFn: ({ signal }) => unwrap(api.GET('/api/certification-compliance', { signal })),
  })

export function useCompliance() {
  return useQuery(complianceQueryOptions())
}
