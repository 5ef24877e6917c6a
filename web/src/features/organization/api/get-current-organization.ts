import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** The banner's key; the admin page's organization settings read and refresh the same entry. */
export const CURRENT_ORGANIZATION_KEY = queryKeys.currentOrganization[0]

export type CurrentOrganization = ApiReply<'getCurrentOrganization'>

export const currentOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentOrganization,
    queryFn: ({ signal }) => unwrap(api.GET('/api/organization/current', { signal })),
  })

export function useCurrentOrganization() {
  return useQuery(currentOrganizationQueryOptions())
}
