import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Organization = ApiSchema<'OrganizationAdminRead'>

/** GET /api/organizations: every organisation, newest first. */
export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.organizations,
    queryFn: ({ signal }) => unwrap(api.GET('/api/organizations', { signal })),
  })

export function useOrganizations() {
  return useQuery(organizationsQueryOptions())
}

export function refreshOrganizations(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.organizations })
}
