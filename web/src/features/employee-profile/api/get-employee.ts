import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { useDepartments } from '@/lib/api/departments'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Employee = ApiSchema<'EmployeeRead'>

export const employeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.employee(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/employees/{id}', { params: { path: { id } }, signal })),
  })

export function useEmployee(id: number) {
  return useQuery(employeeQueryOptions(id))
}

/**
 * The manager named by an employee's managerId (an employeeId string). The list search
 * matches employeeId among other fields, so the exact match is picked out of the results.
 */
export const managerQueryOptions = (managerId: string) =>
  queryOptions({
    queryKey: queryKeys.manager(managerId),
    queryFn: async ({ signal }) => {
      const list = await unwrap(
        api.GET('/api/employees', { params: { query: { search: managerId, includeArchived: true } }, signal }),
      )
      return list.find((e) => e.employeeId === managerId) ?? null
    },
  })

export function useManager(managerId: string | null | undefined) {
  return useQuery({ ...managerQueryOptions(managerId ?? ''), enabled: Boolean(managerId) })
}

/** Department slug → its display name, once the departments have loaded. */
export function useDepartmentName(slug: string | null | undefined): string | undefined {
  const { data } = useDepartments({ enabled: Boolean(slug) })
  return slug ? data?.find((d) => d.slug === slug)?.name : undefined
}
