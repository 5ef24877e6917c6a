import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { employeeSchema } from '@/lib/employee-schema'

export type { Employee } from '@/lib/employee-schema'

export const employeeKey = (id: number) => [`/api/employees/${id}`] as const

export const employeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: employeeKey(id),
    queryFn: ({ signal }) => apiJson(employeeSchema, 'GET', `/api/employees/${id}`, undefined, { signal }),
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
    queryKey: ['/api/employees', { search: managerId, includeArchived: true }] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ search: managerId, includeArchived: 'true' })
      const list = await apiJson(z.array(employeeSchema), 'GET', `/api/employees?${params}`, undefined, { signal })
      return list.find((e) => e.employeeId === managerId) ?? null
    },
  })

export function useManager(managerId: string | null | undefined) {
  return useQuery({ ...managerQueryOptions(managerId ?? ''), enabled: Boolean(managerId) })
}

const departmentSchema = replySchema<ApiReply<'listDepartments'>[number]>()(
  z.object({ id: z.number(), name: z.string(), slug: z.string() }),
)

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/departments'] as const,
    queryFn: ({ signal }) => apiJson(z.array(departmentSchema), 'GET', '/api/departments', undefined, { signal }),
  })

/** Department slug → its display name, once the departments have loaded. */
export function useDepartmentName(slug: string | null | undefined): string | undefined {
  const { data } = useQuery({ ...departmentsQueryOptions(), enabled: Boolean(slug) })
  return slug ? data?.find((d) => d.slug === slug)?.name : undefined
}
