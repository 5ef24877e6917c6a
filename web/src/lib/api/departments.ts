import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** A department as GET /api/departments lists it. */
export type Department = ApiSchema<'DepartmentRead'>

/**
 * The departments of the organisation: one cache entry shared by every screen that lists them
 * (the admin page, the employee filter and forms, the reviews filter, the profile), so each
 * reads the same reply and one invalidation refreshes them all.
 */
export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.departments,
    queryFn: ({ signal }) => unwrap(api.GET('/api/departments', { signal })),
  })

export function useDepartments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...departmentsQueryOptions(), enabled })
}
